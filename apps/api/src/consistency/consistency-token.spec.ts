import { createHmac } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { ConsistencyTokens, MAX_TOKENS } from './consistency-token';

describe('ConsistencyTokens', () => {
  const tokens = new ConsistencyTokens('a-secret-of-sixteen-or-more');

  it('gives back the bookmarks it signed, merged over every token in the header', () => {
    const a = tokens.issue('acme', ['FB:one', 'FB:two'])!;
    const b = tokens.issue('acme', ['FB:two', 'FB:three'])!;
    expect(tokens.read('acme', `${a}, ${b}`).sort()).toEqual(['FB:one', 'FB:three', 'FB:two']);
    expect(tokens.read('acme', [a, b]).sort()).toEqual(['FB:one', 'FB:three', 'FB:two']);
    expect(tokens.read('acme', undefined)).toEqual([]);
    expect(tokens.issue('acme', [])).toBeNull();
  });

  it('is accepted by every replica with the same secret, and by none with another', () => {
    const token = tokens.issue('acme', ['FB:one'])!;
    expect(new ConsistencyTokens('a-secret-of-sixteen-or-more').read('acme', token)).toEqual(['FB:one']);
    expect(() => new ConsistencyTokens('another-secret-entirely').read('acme', token)).toThrow(/not a token this deployment issued/);
  });

  it('refuses, as BAD_USER_INPUT on the header, a token of another tenant, a forged or altered one, and too many', () => {
    const token = tokens.issue('acme', ['FB:one'])!;
    const [v, payload, sig] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ t: 'acme', b: ['FB:far-in-the-future'] })).toString('base64url');
    const cases: [string, RegExp][] = [
      [token, /another API key/],
      [`${v}.${forgedPayload}.${sig}`, /not a token this deployment issued/],
      ['garbage', /not a consistency token/],
      [`v2.${payload}.${sig}`, /not a consistency token/],
      [Array.from({ length: MAX_TOKENS + 1 }, () => token).join(','), /at most 16 tokens/],
    ];
    for (const [header, message] of cases) {
      const tenant = header === token ? 'globex' : 'acme';
      let caught: unknown;
      try {
        tokens.read(tenant, header);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(ApiError);
      expect((caught as ApiError).code).toBe('BAD_USER_INPUT');
      expect((caught as ApiError).field).toBe('Limbic-Consistency');
      expect((caught as ApiError).message).toMatch(message);
    }
  });

  it('refuses a correctly signed token whose payload is not bookmarks', () => {
    const sign = (body: unknown) => {
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `v1.${payload}.${createHmac('sha256', 'a-secret-of-sixteen-or-more').update(`v1.${payload}`).digest('base64url')}`;
    };
    expect(() => tokens.read('acme', sign({ t: 'acme', b: [42] }))).toThrow(/not a consistency token/);
    expect(() => tokens.read('acme', sign({ t: 'acme', b: 'FB:one' }))).toThrow(/not a consistency token/);
    expect(tokens.read('acme', sign({ t: 'acme', b: ['FB:x'] }))).toEqual(['FB:x']);
  });
});
