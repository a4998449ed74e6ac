// The recall signals in one fixed order with one colour each, for bars and their legend.
import type { ops } from './client';

export type SignalKey = keyof ops.SignalFieldsFragment;

export const SIGNALS: readonly { readonly key: SignalKey; readonly label: string; readonly colour: string }[] = [
  { key: 'semantic', label: 'semantic', colour: '#4e79a7' },
  { key: 'lexical', label: 'lexical', colour: '#a0cbe8' },
  { key: 'moodCongruence', label: 'mood congruence', colour: '#e15759' },
  { key: 'affectProximity', label: 'affect proximity', colour: '#ff9d9a' },
  { key: 'momentumAlignment', label: 'momentum', colour: '#f28e2b' },
  { key: 'emotionalIntensity', label: 'emotional intensity', colour: '#b07aa1' },
  { key: 'recency', label: 'recency', colour: '#59a14f' },
  { key: 'frequency', label: 'frequency', colour: '#8cd17d' },
  { key: 'importance', label: 'importance', colour: '#edc948' },
  { key: 'goalRelevance', label: 'goal relevance', colour: '#9c755f' },
  { key: 'priming', label: 'priming', colour: '#d4a6c8' },
  { key: 'resonance', label: 'resonance', colour: '#76b7b2' },
  { key: 'circadianCongruence', label: 'hour of day', colour: '#3b3b98' },
  { key: 'sessionContext', label: 'session', colour: '#bab0ac' },
  { key: 'speaker', label: 'speaker', colour: '#ff7f0e' },
  { key: 'namedTime', label: 'named time', colour: '#17becf' },
  { key: 'episodeLexical', label: 'episode words', colour: '#aec7e8' },
];

export interface Segment {
  readonly key: SignalKey;
  readonly label: string;
  readonly colour: string;
  readonly value: number;
  /** Where the segment starts, in the same unit as value. */
  readonly offset: number;
}

/** The positive parts of a vector laid end to end in signal order (what a stacked bar draws). */
export function segments(vector: Readonly<Record<SignalKey, number>>): Segment[] {
  const out: Segment[] = [];
  let offset = 0;
  for (const s of SIGNALS) {
    const value = vector[s.key];
    if (!(value > 0)) continue;
    out.push({ ...s, value, offset });
    offset += value;
  }
  return out;
}
