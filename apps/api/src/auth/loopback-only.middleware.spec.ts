import { rebindingRefusal } from './loopback-only.middleware';

describe('rebindingRefusal', () => {
  it('without keys, refuses a host or a browser origin that is not loopback (DNS rebinding)', () => {
    expect(rebindingRefusal({ host: 'evil.example:4000' }, true)).toBe('host evil.example:4000');
    expect(rebindingRefusal({ host: '127.0.0.1:4000', origin: 'http://evil.example:4000' }, true)).toBe('origin http://evil.example:4000');
    expect(rebindingRefusal({ host: '127.0.0.1:4000', origin: 'not a url' }, true)).toBe('origin not a url');
    expect(rebindingRefusal({}, true)).toBe('host (none)');
  });

  it('lets through loopback hosts and origins, clients that send no origin, and anything when API keys guard the API', () => {
    for (const host of ['localhost:4000', '127.0.0.1:4000', '[::1]:4000', 'localhost']) expect(rebindingRefusal({ host }, true)).toBeNull();
    for (const origin of ['http://localhost:4000', 'http://127.0.0.1:5173', 'http://[::1]:4000']) expect(rebindingRefusal({ host: 'localhost:4000', origin }, true)).toBeNull();
    expect(rebindingRefusal({ host: 'evil.example', origin: 'http://evil.example' }, false)).toBeNull();
  });
});
