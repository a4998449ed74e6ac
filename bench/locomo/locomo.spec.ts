import { Bm25, cosineRank, reciprocalRankFusion, tokenize } from '../common/baselines';
import { percentile, scoreQuestion, topDistinct } from '../common/metrics';
import { cleanEvidence, parseSessionTime, sampleTurns } from './dataset';
import { breakdown } from './metrics';

describe('LoCoMo protocol', () => {
  it('parses session stamps as UTC', () => {
    expect(parseSessionTime('1:56 pm on 8 May, 2023').toISOString()).toBe('2023-05-08T13:56:00.000Z');
    expect(parseSessionTime('12:09 am on 1 January, 2024').toISOString()).toBe('2024-01-01T00:09:00.000Z');
    expect(parseSessionTime('12:30 pm on 2 March, 2023').toISOString()).toBe('2023-03-02T12:30:00.000Z');
    expect(() => parseSessionTime('yesterday')).toThrow(/unparseable/);
  });

  it('cleans evidence as the protocol says', () => {
    const ids = new Set(['D1:3', 'D8:6', 'D9:17', 'D11:2']);
    expect(cleanEvidence(['D8:6; D9:17'], ids)).toEqual(['D8:6', 'D9:17']);
    expect(cleanEvidence(['D:11:2', 'D1:03', 'D', 'D1:3', 'D99:1'], ids)).toEqual(['D11:2', 'D1:3']);
    expect(cleanEvidence([], ids)).toEqual([]);
  });

  // A synthetic sample in the dataset's shape (invented turns): no benchmark data is copied here.
  it('lays turns out in session order, 30 s apart, with photo captions', () => {
    const { turns, lastSession } = sampleTurns({
      speaker_a: 'A',
      session_2_date_time: '9:00 am on 2 May, 2023',
      session_2: [{ speaker: 'B', dia_id: 'D2:1', text: 'later' }],
      session_1_date_time: '1:00 pm on 1 May, 2023',
      session_1: [
        { speaker: 'A', dia_id: 'D1:1', text: 'hi' },
        { speaker: 'B', dia_id: 'D1:2', text: 'look', blip_caption: 'a dog on a beach' },
      ],
      session_3_date_time: '9:00 am on 9 May, 2023',
    });
    expect(turns.map((t) => t.id)).toEqual(['D1:1', 'D1:2', 'D2:1']);
    expect(turns[1]!.content).toBe('B: look [shared a photo: a dog on a beach]');
    expect(turns[1]!.occurredAt.toISOString()).toBe('2023-05-01T13:00:30.000Z');
    expect(lastSession.toISOString()).toBe('2023-05-02T09:00:00.000Z');
  });
});

describe('metrics', () => {
  it('scores distinct ids at 5 and 10', () => {
    const ranked = ['a', 'a', 'x', 'b', 'y', 'z', 'w', 'c'];
    expect(topDistinct(ranked, 3)).toEqual(['a', 'x', 'b']);
    const s = scoreQuestion(ranked, ['b', 'c', 'q']);
    expect(s.hit5).toBe(1);
    expect(s.recall5).toBeCloseTo(1 / 3);
    expect(s.recall10).toBeCloseTo(2 / 3);
    expect(s.mrr10).toBeCloseTo(1 / 3);
    const dcg = 1 / Math.log2(4) + 1 / Math.log2(8);
    const idcg = 1 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(s.ndcg10).toBeCloseTo(dcg / idcg);
    expect(scoreQuestion(['b', 'c', 'q'], ['b', 'c', 'q']).ndcg10).toBeCloseTo(1);
    expect(scoreQuestion([], ['a'])).toEqual({ hit1: 0, hit5: 0, hit10: 0, recall5: 0, recall10: 0, mrr10: 0, ndcg10: 0 });
  });

  it('averages overall and per category', () => {
    const b = breakdown([
      { category: 1, scores: scoreQuestion(['a'], ['a']) },
      { category: 4, scores: scoreQuestion(['x'], ['a']) },
    ]);
    expect(b.overall.n).toBe(2);
    expect(b.overall.recall10).toBe(0.5);
    expect(b.perCategory['multi-hop']!.recall10).toBe(1);
    expect(b.perCategory['single-hop']!.recall10).toBe(0);
    expect(b.perCategory['temporal']!.n).toBe(0);
  });

  it('takes nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });
});

describe('baselines', () => {
  it('tokenizes on non-alphanumerics, optionally without stop words', () => {
    expect(tokenize("What did Caroline's sister paint in May, 2023?")).toEqual(['caroline', 'sister', 'paint', 'may', '2023']);
    expect(tokenize('The cat', null)).toEqual(['the', 'cat']);
  });

  it('ranks by BM25 with length normalisation and IDF', () => {
    const bm = new Bm25([
      { id: 'long', text: 'painting painting and a lot of other words about many other things entirely unrelated' },
      { id: 'short', text: 'painting sunsets' },
      { id: 'none', text: 'quarterly revenue' },
    ]);
    const r = bm.rank('painting sunsets');
    expect(r.map((x) => x.id)).toEqual(['short', 'long']);
    expect(bm.rank('zebra')).toEqual([]);
  });

  it('ranks by cosine and fuses by reciprocal rank', () => {
    const cos = cosineRank([1, 0], [
      { id: 'a', vector: [0, 1] },
      { id: 'b', vector: [1, 0] },
    ]);
    expect(cos.map((x) => x.id)).toEqual(['b', 'a']);
    const fused = reciprocalRankFusion([
      [{ id: 'x', score: 3 }, { id: 'y', score: 2 }],
      [{ id: 'y', score: 9 }],
    ]);
    expect(fused[0]).toEqual({ id: 'y', score: 1 / 62 + 1 / 61 });
    expect(fused[1]!.id).toBe('x');
  });
});
