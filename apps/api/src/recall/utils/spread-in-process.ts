import { compareStrings, normaliseSpreadOptions, spreadOverFanOut, type FanOutStep } from '@limbic/affect';
import type { ActivationRecord, RecallUnit, SpreadParams } from '@limbic/graph';

/**
 * spread.activate's answer computed in the API over a cached fan-out table (SpreadGraphCache):
 * the walk is libs/affect's reference (spreadOverFanOut), of which the Cypher is the twin, and
 * the same rows come back — every reached memory of the pool, and the strongest `maxJoined`
 * outside it (activation desc, id asc) with their candidate rows, read in one query.
 * The fan-out must be built with `p.factors` and `p.maxFanOut` (CACHED_SPREAD_OPTIONS).
 */
export async function spreadInProcess(
  unit: RecallUnit,
  fanOut: ReadonlyMap<string, readonly FanOutStep[]>,
  p: SpreadParams,
  embedding: readonly number[],
  goalEmbeddings: readonly (readonly number[])[],
): Promise<ActivationRecord[]> {
  if (p.seeds.length === 0 || p.hops < 1) return [];
  const options = normaliseSpreadOptions({ hops: p.hops, minActivation: p.minActivation, typeFactors: p.factors, maxFanOut: p.maxFanOut });
  const reached = [...spreadOverFanOut(fanOut, p.seeds, options).values()].sort((x, y) => y.activation - x.activation || compareStrings(x.id, y.id));
  const pool = new Set(p.poolIds);
  const joining = new Set(reached.filter((r) => !pool.has(r.id)).slice(0, Math.max(0, p.maxJoined)).map((r) => r.id));
  const rows = new Map((await unit.candidates([...joining], embedding, goalEmbeddings)).map((c) => [c.memory.id, c] as const));
  // The pool's and the joining memories, still in the order above.
  return reached
    .filter((r) => pool.has(r.id) || joining.has(r.id))
    .map((r) => ({ id: r.id, activation: r.activation, seedId: r.seedId, path: r.path, edgeTypes: r.edgeTypes, candidate: pool.has(r.id) ? null : (rows.get(r.id) ?? null) }));
}
