import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mean, scoreQuestion } from '../common/metrics';
import { ARMS, madialConfigs } from './arms';
import { buildQuery, loadMadial, noonUtc, parseDialogue, parseMemory, userUtterances } from './dataset';
import { affectOfEmotion, EMOTION_LABELS } from './emotion-affect';
import { deltasToCosine } from './report';

// Synthetic lines in the dataset's shape (invented text): no benchmark data is copied here.
const turns = ['<BOD>\n', '<Ann>: "I lost my red kite."\n', '<Assistant>: "Oh no, where?"\n', '"An untagged assistant turn."\n', '<Ann>: "At the park."\n', '<Assistant>: "Remember the beach?"\n', '<EOD>\n'];

describe('MADial dataset', () => {
  it('dates memories at noon UTC', () => {
    expect(noonUtc('2023-12-25').toISOString()).toBe('2023-12-25T12:00:00.000Z');
    expect(() => noonUtc('25/12/2023')).toThrow(/unparseable/);
  });

  it('reads a memory line', () => {
    const m = parseMemory({ '17': { time: '2024-03-07', scene: 'Activity', emotion: 'Happy', event: 'Ann won a drawing prize.' } });
    expect(m).toEqual({ id: '17', content: 'Ann won a drawing prize.', occurredAt: new Date('2024-03-07T12:00:00Z'), emotion: 'Happy', scene: 'Activity' });
    expect(() => parseMemory({})).toThrow(/exactly one/);
  });

  it('builds the query from dialogue[1 : test-turn] joined with spaces, cut to its last characters', () => {
    expect(buildQuery(turns, 3)).toBe('<Ann>: "I lost my red kite."\n <Assistant>: "Oh no, where?"\n');
    expect(buildQuery(turns, 1)).toBe('');
    const long = buildQuery(turns, 5, 20);
    expect(long).toHaveLength(20);
    expect(buildQuery(turns, 5).endsWith(long)).toBe(true);
  });

  it("observes only the user's turns of the context, without tag and quotes", () => {
    expect(userUtterances(turns, 5)).toEqual(['I lost my red kite.', 'At the park.']);
    expect(userUtterances(turns, 2)).toEqual(['I lost my red kite.']);
  });

  it('takes the first test turn and the relevant ids as distinct strings', () => {
    const d = parseDialogue({ dialogue: turns, 'test-turn': [5], 'relevant-id': [3, 17, 3] }, 4);
    expect(d).toMatchObject({ index: 4, testTurn: 5, gold: ['3', '17'], userUtterances: ['I lost my red kite.', 'At the park.'] });
    expect(() => parseDialogue({ dialogue: turns, 'test-turn': [], 'relevant-id': [1] }, 0)).toThrow(/test-turn/);
  });

  it('loads both files and refuses a gold id that names no memory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madial-'));
    try {
      writeFileSync(join(dir, 'memory.jsonl'), ['{"3": {"time": "2023-01-02", "scene": "s", "emotion": "Sad", "event": "a"}}', '{"17": {"time": "2023-01-01", "scene": "s", "emotion": "Happy", "event": "b"}}', ''].join('\n'));
      writeFileSync(join(dir, 'dialogue.jsonl'), `${JSON.stringify({ dialogue: turns, 'test-turn': [5], 'relevant-id': [17], 'user-id': 1 })}\n`);
      const data = loadMadial(dir);
      expect(data.memories.map((m) => m.id)).toEqual(['3', '17']);
      expect(data.dialogues).toHaveLength(1);
      expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);
      writeFileSync(join(dir, 'dialogue.jsonl'), `${JSON.stringify({ dialogue: turns, 'test-turn': [5], 'relevant-id': [99] })}\n`);
      expect(() => loadMadial(dir)).toThrow(/99 are no memory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('explicit affect of the emotion labels', () => {
  it("maps every label into Limbic's ranges, pleasant above unpleasant", () => {
    for (const label of EMOTION_LABELS) {
      const a = affectOfEmotion(label);
      expect(a.valence).toBeGreaterThanOrEqual(-1);
      expect(a.valence).toBeLessThanOrEqual(1);
      for (const x of [a.arousal, a.dominance]) expect(x >= 0 && x <= 1).toBe(true);
    }
    expect(affectOfEmotion('Happy').valence).toBeGreaterThan(affectOfEmotion('Neutral').valence);
    expect(affectOfEmotion('Sad').valence).toBeLessThan(0);
    expect(affectOfEmotion('Fear').arousal).toBeGreaterThan(affectOfEmotion('Anxious').arousal);
    expect(affectOfEmotion('Neutral')).toEqual({ valence: 0, arousal: 0.5, dominance: 0.5 });
    expect(() => affectOfEmotion('Bored')).toThrow(/no affect/);
  });
});

describe('configurations and the deltas to cosine', () => {
  it('runs default and every profile, the required ones even when the API lacks them', () => {
    expect(madialConfigs(new Set(['state', 'semantic'])).map((c) => c.name)).toEqual(['default', 'affective', 'balanced', 'lexical', 'semantic', 'state']);
  });

  it("checks issue 18's targets on the observe arm only", () => {
    const m = (recall: number) => ({ ...mean([scoreQuestion([], ['a'])]), recall5: recall, recall10: recall });
    const observe = ARMS.find((a) => a.name === 'observe')!;
    const other = ARMS.find((a) => a.name === 'no-observe')!;
    const row = (name: string, recall: number) => ({ name, kind: 'limbic' as const, description: '', metrics: m(recall), errors: 0, latencyMs: null });
    const deltas = deltasToCosine(m(0.5), [
      { arm: observe, rows: [row('default', 0.5), row('affective', 0.47)] },
      { arm: other, rows: [row('default', 0.4)] },
    ]);
    expect(deltas.map((d) => [d.arm, d.config, d.met])).toEqual([
      ['observe', 'default', true],
      ['observe', 'affective', true],
      ['no-observe', 'default', null],
    ]);
    expect(deltasToCosine(m(0.5), [{ arm: observe, rows: [row('affective', 0.46)] }])[0]!.met).toBe(false);
  });
});
