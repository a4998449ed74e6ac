import { memoryFilter, recallOptions, rememberInput } from './inputs';

const usage = (message: string): never => {
  throw new Error(`usage: ${message}`);
};

describe('flags as client inputs', () => {
  it('sends only what remember was given', () => {
    expect(rememberInput('hello', {}, usage)).toEqual({ content: 'hello' });
    expect(
      rememberInput('hello', { tag: ['a', 'b'], scope: 's', speaker: 'user', importance: 0.7, occurredAt: '2026-03-01T00:00:00.000Z', externalId: 'e1', metadata: { k: 1 }, valence: -0.5, arousal: 0.8 }, usage),
    ).toEqual({ content: 'hello', tags: ['a', 'b'], scope: 's', speaker: 'user', importance: 0.7, occurredAt: '2026-03-01T00:00:00.000Z', externalId: 'e1', metadata: { k: 1 }, affect: { valence: -0.5, arousal: 0.8 } });
    expect(rememberInput('x', { valence: 0, arousal: 0, dominance: 0.9 }, usage).affect).toEqual({ valence: 0, arousal: 0, dominance: 0.9 });
  });

  it('refuses half an affect as a usage error', () => {
    expect(() => rememberInput('x', { valence: 0.5 }, usage)).toThrow(/usage: an affect needs --valence and --arousal/);
    expect(() => rememberInput('x', { dominance: 0.5 }, usage)).toThrow(/usage/);
  });

  it('builds the recall filter from the flags, and none without them', () => {
    expect(recallOptions({})).toEqual({});
    expect(recallOptions({ topK: 3, profile: 'semantic', explain: true, scope: 's', tag: ['t'], after: 'A', before: 'B' })).toEqual({
      topK: 3,
      profile: 'semantic',
      explain: true,
      filter: { scope: 's', tagsAll: ['t'], occurredAfter: 'A', occurredBefore: 'B' },
    });
  });

  it('lists live memories unless asked otherwise', () => {
    expect(memoryFilter({ archived: 'live' })).toEqual({ archived: 'LIVE' });
    expect(memoryFilter({ archived: 'all', scope: 's', tag: ['a'], contains: 'disk' })).toEqual({ archived: 'ALL', scope: 's', tagsAll: ['a'], contains: 'disk' });
  });
});
