import { memory, recallItem, recallResult, ZERO_SIGNALS } from '../testing/fixtures';
import { activationLine, formatRecall, topSignals } from './recall-format';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

describe('recall formatting', () => {
  it('picks the largest weighted signals, largest first, none at 0', () => {
    const weighted = { ...ZERO_SIGNALS, semantic: 0.3, recency: 0.05, lexical: 0.2, importance: 0.01, priming: 0.02 };
    expect(topSignals(weighted)).toEqual([['semantic', 0.3], ['lexical', 0.2], ['recency', 0.05], ['priming', 0.02]]);
    expect(topSignals(ZERO_SIGNALS)).toEqual([]);
  });

  it('draws the activation path from the seed to the memory with its edge types', () => {
    expect(activationLine({ seedId: A, path: [A, B, C], edgeTypes: ['TEMPORAL', 'SEMANTIC'], activation: 0.4123 })).toBe('seed aaaaaaaa —TEMPORAL→ bbbbbbbb —SEMANTIC→ cccccccc  (activation 0.412)');
    expect(activationLine({ seedId: A, path: [A], edgeTypes: [], activation: 0.9 })).toBe('seed aaaaaaaa (a seed)  (activation 0.900)');
  });

  it('prints rank, score, id and content shortened to the width, then the recallId for feedback', () => {
    const long = 'postgres primary outage; failover to the replica took ninety minutes and the on-call rotated twice';
    const lines = formatRecall(recallResult([recallItem(1, memory(A, long), { score: 0.61234 }), recallItem(2, memory(B, 'sunflowers'), { score: 0.2 })]), 80);
    expect(lines[0]).toBe('recall r-1 · factual query · weights: routed · 2 items · 12 ms');
    expect(lines[1]).toBe('rank  score  memory                                content');
    expect(lines[2]).toMatch(new RegExp(`^   1  0\\.612  ${A}  postgres primary.*…$`));
    expect(lines[3]).toBe(`   2  0.200  ${B}  sunflowers`);
    expect(lines.at(-1)).toBe('feedback: limbic feedback r-1 <memory> used|ignored');
    for (const line of lines.slice(1, 4)) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('with explain, puts the signals and the path under each row', () => {
    const explanation = (weighted: Partial<typeof ZERO_SIGNALS>, activation: { seedId: string; path: string[]; edgeTypes: string[]; activation: number } | null) => ({
      signals: ZERO_SIGNALS, weights: ZERO_SIGNALS, weighted: { ...ZERO_SIGNALS, ...weighted }, activation, suppressed: false,
    });
    const lines = formatRecall(
      recallResult([
        recallItem(1, memory(A, 'outage'), { explanation: explanation({ semantic: 0.4, lexical: 0.1 }, null) }),
        recallItem(2, memory(C, 'sunflowers'), { pass1Rank: null, explanation: explanation({ resonance: 0.2 }, { seedId: A, path: [A, C], edgeTypes: ['TEMPORAL'], activation: 0.45 }) }),
      ]),
      100,
    );
    expect(lines.slice(2, 8)).toEqual([
      `   1  0.500  ${A}  outage`,
      '      signals  semantic 0.400 · lexical 0.100',
      '      path     none (found directly, pass-1 rank 1)',
      `   2  0.500  ${C}  sunflowers`,
      '      signals  resonance 0.200',
      '      path     seed aaaaaaaa —TEMPORAL→ cccccccc  (activation 0.450)',
    ]);
  });

  it('says when nothing came back and when energy cut results', () => {
    expect(formatRecall(recallResult([], { energyCut: 2 }), 80)).toEqual(['recall r-1 · factual query · weights: routed · 0 items (2 cut for low energy) · 12 ms', 'nothing recalled']);
  });
});
