/**
 * Bench data, not a product formula: the affect the explicit-affect arm passes for each
 * `emotion` label of MADial's memories, in Limbic's ranges (valence −1 … 1, arousal and
 * dominance 0 … 1).
 *
 * Where the numbers come from: the PAD (pleasure, arousal, dominance; each −1 … 1) placements of
 * OCC emotions in Gebhard's ALMA model ("ALMA – A Layered Model of Affect", AAMAS 2005, after
 * Mehrabian's PAD ratings of emotion terms): Joy (.40, .20, .10), Distress (−.40, −.20, −.50),
 * Fear (−.64, .60, −.43), Anger (−.51, .59, .25), Disappointment (−.30, .10, −.40), quoted
 * from memory of that table and not re-checked against the paper here. Pleasure is taken as
 * valence unchanged; arousal and dominance are mapped linearly from −1 … 1 to 0 … 1, (x + 1) / 2.
 * Happy is Joy and Sad is Distress. Anxious has no OCC entry: taken as a milder Fear (half its
 * distance from the centre), a choice of this bench. Neutral is the centre of PAD space.
 */
const PAD: Readonly<Record<string, readonly [number, number, number]>> = {
  Happy: [0.4, 0.2, 0.1],
  Sad: [-0.4, -0.2, -0.5],
  Fear: [-0.64, 0.6, -0.43],
  Anxious: [-0.32, 0.3, -0.215],
  Angry: [-0.51, 0.59, 0.25],
  Disappointed: [-0.3, 0.1, -0.4],
  Neutral: [0, 0, 0],
};

export interface Vad {
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
}

export const EMOTION_LABELS: readonly string[] = Object.keys(PAD);

/** The explicit affect of an annotated emotion; an unknown label stops the run (extend the table). */
export function affectOfEmotion(label: string): Vad {
  const pad = PAD[label];
  if (!pad) throw new Error(`no affect for the emotion label "${label}" (known: ${EMOTION_LABELS.join(', ')}); add it to bench/madial/emotion-affect.ts`);
  const [p, a, d] = pad;
  const unit = (x: number) => Math.round(((x + 1) / 2) * 1000) / 1000;
  return { valence: p, arousal: unit(a), dominance: unit(d) };
}
