import { PassThrough } from 'node:stream';
import { formatBytes, transferMeter } from './progress';

describe('transfer progress', () => {
  it('formats bytes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1.00 kB');
    expect(formatBytes(12_345)).toBe('12.3 kB');
    expect(formatBytes(4_560_000)).toBe('4.56 MB');
  });

  it('draws nothing when stderr is not a terminal', () => {
    const stream = new PassThrough();
    let written = '';
    stream.on('data', (b: Buffer) => (written += b.toString()));
    const meter = transferMeter(stream, 'export ada', null);
    meter.update(5000, 3);
    meter.stop();
    expect(written).toBe('');
  });
});
