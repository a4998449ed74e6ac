import fc from 'fast-check';
import { affectArb, unit } from '../testing/arbitraries';
import { lexiconDelta } from '../text/lexical-terms';
import { applyPatch, archiveRevision, diffMemory, jsonEqual, lexiconChange, mergeDiff, REVISABLE_FIELDS, type MemoryPatch, type RevisableState } from './memory-revision';

const tagsArb = fc.uniqueArray(fc.constantFrom('work', 'home', 'urgent', 'travel', 'food'), { maxLength: 5 });
const metadataArb = fc.option(fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.boolean())), { nil: null });
const contentArb = fc.constantFrom('The release moved to Friday.', 'Lunch with Bo.', 'The migration failed because of an index.');
const speakerArb = fc.constantFrom(null, 'Ada', 'user');

const stateArb: fc.Arbitrary<RevisableState> = fc.record({ content: contentArb, tags: tagsArb, importance: unit, affect: affectArb, metadata: metadataArb, speaker: speakerArb });
const patchArb: fc.Arbitrary<MemoryPatch> = fc.record(
  { content: contentArb, tags: tagsArb, importance: unit, affect: affectArb, metadata: metadataArb, speaker: speakerArb },
  { requiredKeys: [] },
);

describe('diffMemory', () => {
  const base: RevisableState = { content: 'a note', tags: ['work'], importance: 0.5, affect: { valence: 0, arousal: 0.3, dominance: 0.5 }, metadata: { source: 'chat' }, speaker: 'Ada' };

  it('lists exactly the changed fields with old and new values', () => {
    const d = diffMemory(base, { content: 'a better note', importance: 0.5, tags: ['work'], metadata: { source: 'mail' } });
    expect(d).toEqual({
      fields: ['content', 'metadata'],
      before: { content: 'a note', metadata: { source: 'chat' } },
      after: { content: 'a better note', metadata: { source: 'mail' } },
    });
  });

  it('treats tags as a set and metadata key order as irrelevant', () => {
    const state = { ...base, tags: ['work', 'home'], metadata: { a: 1, b: 2 } };
    expect(diffMemory(state, { tags: ['home', 'work'], metadata: { b: 2, a: 1 } }).fields).toEqual([]);
  });

  it('records removing metadata as a change to null', () => {
    expect(diffMemory(base, { metadata: null })).toEqual({ fields: ['metadata'], before: { metadata: { source: 'chat' } }, after: { metadata: null } });
  });

  it('records a new speaker and removing it, the same one as no change', () => {
    expect(diffMemory(base, { speaker: 'Bo' })).toEqual({ fields: ['speaker'], before: { speaker: 'Ada' }, after: { speaker: 'Bo' } });
    expect(diffMemory(base, { speaker: null })).toEqual({ fields: ['speaker'], before: { speaker: 'Ada' }, after: { speaker: null } });
    expect(diffMemory(base, { speaker: 'Ada' }).fields).toEqual([]);
    expect(applyPatch(base, { speaker: null }).speaker).toBeNull();
    expect(applyPatch(base, { content: 'x' }).speaker).toBe('Ada');
  });

  it('records affect as one field with all three dimensions', () => {
    const d = diffMemory(base, { affect: { valence: -0.5, arousal: 0.3, dominance: 0.5 } });
    expect(d.fields).toEqual(['affect']);
    expect(d.before.affect).toEqual({ valence: 0, arousal: 0.3, dominance: 0.5 });
    expect(d.after.affect).toEqual({ valence: -0.5, arousal: 0.3, dominance: 0.5 });
  });

  it('property: changed fields are patch fields, in a fixed order, and before holds the current values', () => {
    fc.assert(
      fc.property(stateArb, patchArb, (state, patch) => {
        const d = diffMemory(state, patch);
        const order = d.fields.map((f) => REVISABLE_FIELDS.indexOf(f as (typeof REVISABLE_FIELDS)[number]));
        expect(order).toEqual([...order].sort((x, y) => x - y));
        for (const f of d.fields) expect(patch).toHaveProperty(f);
        expect(Object.keys(d.before).sort()).toEqual([...d.fields].sort());
        expect(Object.keys(d.after).sort()).toEqual([...d.fields].sort());
      }),
    );
  });

  it('property: a patch applied once changes nothing the second time (no second revision)', () => {
    fc.assert(
      fc.property(stateArb, patchArb, (state, patch) => {
        expect(diffMemory(applyPatch(state, patch), patch).fields).toEqual([]);
      }),
    );
  });

  it('property: the empty patch and a patch of the current values are no-ops', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(diffMemory(state, {}).fields).toEqual([]);
        expect(diffMemory(state, { ...state }).fields).toEqual([]);
      }),
    );
  });

  it('property: revisions chain — each one’s before is the previous one’s after', () => {
    fc.assert(
      fc.property(stateArb, fc.array(patchArb, { maxLength: 6 }), (initial, patches) => {
        let state = initial;
        const lastAfter = new Map<string, unknown>();
        for (const patch of patches) {
          const d = diffMemory(state, patch);
          for (const f of d.fields) {
            if (lastAfter.has(f) && f !== 'tags') expect(jsonEqual(d.before[f] as never, lastAfter.get(f) as never)).toBe(true);
            lastAfter.set(f, d.after[f]);
          }
          state = applyPatch(state, patch);
        }
      }),
    );
  });
});

describe('archiveRevision and mergeDiff', () => {
  it('forget and restore record the archived flag flipping', () => {
    expect(archiveRevision(true)).toEqual({ kind: 'FORGET', fields: ['archived'], before: { archived: false }, after: { archived: true } });
    expect(archiveRevision(false)).toEqual({ kind: 'RESTORE', fields: ['archived'], before: { archived: true }, after: { archived: false } });
  });

  it('a merge records the survivor’s tags and importance when they changed', () => {
    expect(mergeDiff({ tags: ['a'], importance: 0.4 }, { tags: ['a', 'b'], importance: 0.4 })).toEqual({ fields: ['tags'], before: { tags: ['a'] }, after: { tags: ['a', 'b'] } });
    expect(mergeDiff({ tags: ['a'], importance: 0.4 }, { tags: ['a'], importance: 0.4 }).fields).toEqual([]);
  });
});

describe('lexiconChange', () => {
  it('removes the old text’s terms and adds the new text’s, keeping the document count', () => {
    const change = lexiconChange('alpha beta', 'beta gamma');
    expect(change.docs).toBe(0);
    expect(change.df.map((d) => d.term).sort()).toEqual([...lexiconDelta(['alpha']).df.map((d) => d.term), ...lexiconDelta(['gamma']).df.map((d) => d.term)].sort());
  });

  it('property: equals removing the old text and adding the new one', () => {
    fc.assert(
      fc.property(contentArb, contentArb, (before, after) => {
        const change = lexiconChange(before, after);
        const sum = new Map<string, number>();
        for (const d of [...lexiconDelta([before], -1).df, ...lexiconDelta([after]).df]) sum.set(d.term, (sum.get(d.term) ?? 0) + d.df);
        for (const d of change.df) expect(d.df).toBe(sum.get(d.term));
        expect(change.df.every((d) => d.df !== 0)).toBe(true);
        expect(change.terms).toBe(lexiconDelta([after]).terms - lexiconDelta([before]).terms);
        if (before === after) expect(change.df).toEqual([]);
      }),
    );
  });
});
