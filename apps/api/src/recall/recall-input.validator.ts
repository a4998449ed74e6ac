import { PROFILE_NAMES, RECALL, SIGNAL_NAMES, SPREADING, type CoreAffect, type ProfileName, type SignalName, type WeightOverride } from '@limbic/affect';
import type { Limits } from '@limbic/config';
import type { MemoryFilter } from '@limbic/graph';
import { badInput } from '../common/api-error';
import { requireTags } from '../memories/encode-input.validator';
import { validateMemoryFilter } from '../memories/memory-filter.validator';
import { requireCallerId, requireDate, requireInt, requireRange, requireText } from '../common/validate';
import type { RecallInput } from './dto/recall.types';

export interface SpreadRequest {
  readonly enabled: boolean;
  /** Unset: chosen by energy. */
  readonly hops?: number;
  readonly seeds?: number;
  readonly minActivation?: number;
}

/** A recall request, validated: nothing below this point checks input again. */
export interface RecallCommand {
  readonly agentId: string;
  readonly query: string;
  readonly topK: number;
  readonly nowMs: number;
  readonly profile?: ProfileName;
  readonly override?: WeightOverride;
  readonly queryAffect?: CoreAffect;
  readonly spread: SpreadRequest;
  readonly explain: boolean;
  /** Which memories the recall may see (NO_FILTER: all the agent's live ones). */
  readonly filter: MemoryFilter;
  /** The caller's context tags (clean: trimmed, lower-cased, no repeats), [] when none. */
  readonly contextTags: readonly string[];
}

export function validateRecallInput(input: RecallInput, limits: Limits, nowMs: number): RecallCommand {
  const agentId = requireCallerId('agentId', input.agentId);
  const query = requireText('query', input.query, limits.maxContentBytes);
  const topK = requireInt('topK', input.topK ?? RECALL.defaultTopK, 1, Math.min(limits.maxTopK, RECALL.maxTopK));
  const now = requireDate('now', input.now, nowMs);
  const profile = input.profile ?? undefined;
  if (profile !== undefined && !(PROFILE_NAMES as readonly string[]).includes(profile)) throw badInput('profile', 'unknown profile');
  return {
    agentId,
    query,
    topK,
    nowMs: now,
    ...(profile !== undefined ? { profile } : {}),
    ...(input.weights ? { override: validateWeights(input.weights) } : {}),
    ...(input.queryAffect ? { queryAffect: validateAffect(input.queryAffect) } : {}),
    spread: validateSpread(input.spread ?? undefined),
    explain: input.explain === true,
    filter: validateMemoryFilter(input.filter, limits),
    contextTags: requireTags('context.tags', input.context?.tags ?? [], limits.maxTags),
  };
}

function validateWeights(weights: Readonly<Partial<Record<SignalName, number | null>>>): WeightOverride {
  const out: Partial<Record<SignalName, number>> = {};
  let sum = 0;
  for (const name of SIGNAL_NAMES) {
    const w = weights[name];
    if (w === undefined || w === null) continue;
    out[name] = requireRange(`weights.${name}`, w, 0, 1000);
    sum += w;
  }
  if (!(sum > 0)) throw badInput('weights', 'at least one weight must be positive');
  return out;
}

function validateAffect(a: { valence: number; arousal: number; dominance?: number | null }): CoreAffect {
  return {
    valence: requireRange('queryAffect.valence', a.valence, -1, 1),
    arousal: requireRange('queryAffect.arousal', a.arousal, 0, 1),
    dominance: requireRange('queryAffect.dominance', a.dominance ?? 0.5, 0, 1),
  };
}

function validateSpread(s: RecallInput['spread']): SpreadRequest {
  if (!s) return { enabled: true };
  const hops = s.hops ?? undefined;
  if (hops !== undefined) requireInt('spread.hops', hops, 0, SPREADING.maxHops);
  const seeds = s.seeds ?? undefined;
  if (seeds !== undefined) requireInt('spread.seeds', seeds, 1, RECALL.maxSeeds);
  const minActivation = s.minActivation ?? undefined;
  if (minActivation !== undefined) requireRange('spread.minActivation', minActivation, 0, 1);
  return {
    enabled: s.enabled !== false && hops !== 0,
    ...(hops !== undefined && hops > 0 ? { hops } : {}),
    ...(seeds !== undefined ? { seeds } : {}),
    ...(minActivation !== undefined ? { minActivation } : {}),
  };
}
