import { loadMetadata, metadataPair, storeMetadata } from './memory-metadata';

describe('memory metadata storage', () => {
  it('stores canonical JSON and one pair per top-level scalar, sorted', () => {
    const stored = storeMetadata({ turn: 12, source: 'chat', nested: { a: 1 }, list: [1], flag: false, none: null });
    expect(stored.metadata).toBe('{"flag":false,"list":[1],"nested":{"a":1},"none":null,"source":"chat","turn":12}');
    expect(stored.metadataPairs).toEqual([metadataPair('flag', false), metadataPair('none', null), metadataPair('source', 'chat'), metadataPair('turn', 12)].sort());
  });

  it('tells a string from a number of the same spelling', () => {
    expect(metadataPair('turn', '12')).not.toBe(metadataPair('turn', 12));
  });

  it('stores nothing for no metadata', () => {
    expect(storeMetadata(null)).toEqual({ metadata: null, metadataPairs: [] });
  });

  it('loads what it stored, and null for anything else', () => {
    const m = { b: [1, { c: 'x' }], a: 'y' };
    expect(loadMetadata(storeMetadata(m).metadata)).toEqual(m);
    expect(loadMetadata(null)).toBeNull();
    expect(loadMetadata('not json')).toBeNull();
    expect(loadMetadata('[1]')).toBeNull();
  });
});
