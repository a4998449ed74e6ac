import { originRefused } from './loopback-origin.guard';

describe('originRefused', () => {
  it('without keys, refuses a browser origin that is not loopback (DNS rebinding)', () => {
    expect(originRefused('http://evil.example:4000', true)).toBe(true);
    expect(originRefused('not a url', true)).toBe(true);
    for (const o of ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000']) expect(originRefused(o, true)).toBe(false);
  });

  it('lets through clients that send no origin, and any origin when API keys guard the API', () => {
    expect(originRefused(undefined, true)).toBe(false);
    expect(originRefused('http://evil.example', false)).toBe(false);
  });
});
