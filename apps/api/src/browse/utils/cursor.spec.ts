import fc from 'fast-check';
import { ApiError } from '../../common/api-error';
import { decodeAgentCursor, decodeMemoryCursor, encodeAgentCursor, encodeMemoryCursor } from './cursor';

const id = fc.stringMatching(/^[A-Za-z0-9._:@-]{1,128}$/);
const occurredAt = fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 });

function refusal(decode: () => unknown): string {
  try {
    decode();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('BAD_USER_INPUT');
    return (err as ApiError).message;
  }
  throw new Error('accepted');
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

describe('page cursors', () => {
  it('round-trip every memory position and agent id, and are opaque url-safe text', () => {
    fc.assert(
      fc.property(occurredAt, id, (at, memoryId) => {
        const c = encodeMemoryCursor({ occurredAt: at, id: memoryId });
        expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeMemoryCursor('after', c)).toEqual({ occurredAt: at, id: memoryId });
      }),
    );
    fc.assert(fc.property(id, (agentId) => expect(decodeAgentCursor('after', encodeAgentCursor(agentId))).toBe(agentId)));
  });

  it('refuses what it did not issue, naming the argument', () => {
    const memory = encodeMemoryCursor({ occurredAt: 1_700_000_000_000, id: 'm-1' });
    const bad = [
      '',
      'not a cursor!',
      `${memory}=`,
      'x'.repeat(401),
      b64('{"occurredAt":1}'),
      b64('["m1",1.5,"m-1"]'),
      b64('["m1",1700000000000]'),
      b64('["m1",1700000000000,"a b"]'),
      b64('["m1",1e20,"m-1"]'),
      b64('["m2",1700000000000,"m-1"]'),
      b64('not json'),
      encodeAgentCursor('ada'),
    ];
    for (const c of bad) expect(refusal(() => decodeMemoryCursor('after', c))).toMatch(/^after: is not a cursor of this listing/);
    expect(refusal(() => decodeAgentCursor('after', memory))).toMatch(/^after: is not a cursor/);
    expect(refusal(() => decodeAgentCursor('after', b64('["a1",""]')))).toMatch(/^after: is not a cursor/);
  });

  it('fails on any change to a cursor’s text (no lenient decoding)', () => {
    const c = encodeMemoryCursor({ occurredAt: 1_700_000_000_000, id: 'abc' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: c.length - 1 }), fc.constantFrom(...'ABCxyz019_-'), (i, ch) => {
        const changed = c.slice(0, i) + ch + c.slice(i + 1);
        if (changed === c) return;
        try {
          const p = decodeMemoryCursor('after', changed);
          // A change that still decodes is another well-formed position, never this one.
          expect(p).not.toEqual({ occurredAt: 1_700_000_000_000, id: 'abc' });
        } catch (err) {
          expect((err as ApiError).code).toBe('BAD_USER_INPUT');
        }
      }),
    );
  });
});
