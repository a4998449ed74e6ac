import { IMPORTANCE, MS_PER_HOUR, REVIEW } from '../constants';
import { clamp, clamp01 } from '../math/scalar';
import { emotionalIntensitySignal } from '../recall/signals/affective-signals';
import { frequencySignal, recencySignal } from '../recall/signals/temporal-signals';

/**
 * Hours until the next review: 1 h, 1 d, 7 d, 30 d (then 30 d on) × stability × pace, the
 * pace being the agent preset's review pace (< 1 reviews sooner; default 1).
 */
export function reviewIntervalHours(reviewCount: number, stability: number, pace = 1): number {
  const schedule = REVIEW.baseIntervalsHours;
  const index = clamp(Math.floor(reviewCount), 0, schedule.length - 1);
  return (schedule[index] as number) * Math.max(REVIEW.initialStability, stability) * reviewPace(pace);
}

/** When a memory with `reviewCount` reviews behind it is next due. */
export function nextReviewAt(nowMs: number, reviewCount: number, stability: number, pace = 1): number {
  return nowMs + reviewIntervalHours(reviewCount, stability, pace) * MS_PER_HOUR;
}

function reviewPace(pace: number): number {
  return Number.isFinite(pace) && pace > 0 ? pace : 1;
}

export interface StabilityInput {
  readonly arousal: number;
  readonly importance: number;
  readonly accessCount: number;
}

/**
 * Each review raises stability: s' = min(50, s · (1 + gain)),
 * gain = 0.2 + 0.3·arousal + 0.3·importance + 0.2·(1 − e^(−0.1·accesses)).
 */
export function updateStability(stability: number, input: StabilityInput): number {
  const gain =
    REVIEW.baseGain +
    REVIEW.arousalGain * clamp01(input.arousal) +
    REVIEW.importanceGain * clamp01(input.importance) +
    REVIEW.frequencyGain * frequencySignal(input.accessCount);
  return Math.min(REVIEW.maxStability, Math.max(REVIEW.initialStability, stability) * (1 + gain));
}

export interface ReviewState {
  readonly stability: number;
  readonly reviewCount: number;
  readonly nextReviewAtMs: number;
}

/** A new memory's first review is an hour (× pace) after encoding. */
export function initialReviewState(encodedAtMs: number, pace = 1): ReviewState {
  return { stability: REVIEW.initialStability, reviewCount: 0, nextReviewAtMs: nextReviewAt(encodedAtMs, 0, REVIEW.initialStability, pace) };
}

/**
 * What the encode path stores on a new memory: `stability`, `reviewCount` and
 * `nextReviewAt` (epoch ms). Same as `initialReviewState`, named for the call site.
 */
export function initialReviewSchedule(encodedAtMs: number, pace = 1): ReviewState {
  return initialReviewState(encodedAtMs, pace);
}

/** One review: stability rises, the count goes up, the next review is scheduled from now (× pace). */
export function reviewMemory(state: ReviewState, input: StabilityInput, nowMs: number, pace = 1): ReviewState {
  const stability = updateStability(state.stability, input);
  const reviewCount = state.reviewCount + 1;
  return { stability, reviewCount, nextReviewAtMs: nextReviewAt(nowMs, reviewCount, stability, pace) };
}

export interface ArchiveInput {
  readonly hoursSinceLastUse: number;
  readonly arousal: number;
  readonly accessCount: number;
  readonly consolidation: number;
  readonly importance: number;
  /** The agent preset's decay scale; default 1. */
  readonly decayScale?: number;
}

/** A memory's strength is its recency signal (consolidation × power-law decay). */
export function memoryStrength(input: ArchiveInput): number {
  return recencySignal({
    hours: input.hoursSinceLastUse,
    arousal: input.arousal,
    accessCount: input.accessCount,
    consolidation: input.consolidation,
    ...(input.decayScale !== undefined ? { decayScale: input.decayScale } : {}),
  });
}

/**
 * Archive (never delete) when strength < 0.05 and importance < 0.3. Memories with
 * arousal ≥ 0.7 keep the 0.1 recency floor, so they are never archived for fading.
 */
export function shouldArchive(input: ArchiveInput, thresholds: ArchiveThresholds = DEFAULT_ARCHIVE_THRESHOLDS): boolean {
  return memoryStrength(input) < thresholds.strengthBelow && input.importance < thresholds.importanceBelow;
}

/** Operators may tune when faded memories are archived (the worker's configuration). */
export interface ArchiveThresholds {
  readonly strengthBelow: number;
  readonly importanceBelow: number;
}

export const DEFAULT_ARCHIVE_THRESHOLDS: ArchiveThresholds = {
  strengthBelow: REVIEW.archiveStrengthBelow,
  importanceBelow: REVIEW.archiveImportanceBelow,
};

export interface ValueInput {
  readonly valence: number;
  readonly arousal: number;
  readonly accessCount: number;
}

/** How much a memory proved its worth: max(frequency of recall, emotional intensity), [0, 1]. */
export function memoryValue(input: ValueInput): number {
  return Math.max(frequencySignal(input.accessCount), emotionalIntensitySignal({ valence: input.valence, arousal: input.arousal, dominance: 0.5 }));
}

/**
 * A review amplifies the importance of the most valuable memories (value ≥ 0.5):
 * importance += 0.1 · value · (1 − importance), never above the importance maximum and
 * never lowered. Others keep their importance.
 */
export function amplifyImportance(importance: number, input: ValueInput): number {
  const current = clamp01(importance);
  const value = memoryValue(input);
  if (value < REVIEW.amplifyValueAtLeast || current >= IMPORTANCE.max) return current;
  return Math.min(IMPORTANCE.max, current + REVIEW.amplifyRate * value * (1 - current));
}
