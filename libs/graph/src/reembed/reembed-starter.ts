import { randomUUID } from 'node:crypto';
import { embedderNameOf, UnknownModelError, type EmbedderPool } from '@limbic/embeddings';
import { otherSlot } from '../embedding-space/embedding-slot';
import type { EmbeddingSpaces } from '../embedding-space/embedding-spaces';
import type { ReembedRepository } from './reembed.repository';
import { ReembedError } from './reembed.errors';

export interface StartRequest {
  readonly tenantId: string;
  /** As the CLI takes it: `bge-small-en-v1.5`, `all-MiniLM-L6-v2`, `hash-256`, or a full embedder name. */
  readonly model: string;
}

export interface Started {
  readonly runId: string;
  readonly tenantId: string;
  readonly sourceModel: string;
  readonly targetModel: string;
  readonly targetDimension: number;
}

/**
 * Validates and records a new run for one tenant: the target goes into the slot the tenant
 * does not read, so recall keeps answering from the old vectors until the switch. Every
 * refusal is a ReembedError, raised before anything is written.
 */
export async function startReembed(req: StartRequest, deps: { repo: ReembedRepository; spaces: EmbeddingSpaces; pool: EmbedderPool; now: number }): Promise<Started> {
  const { repo, spaces, pool } = deps;
  let targetModel: string;
  try {
    targetModel = embedderNameOf(req.model);
  } catch (err) {
    if (err instanceof UnknownModelError) throw new ReembedError('UNKNOWN_MODEL', err.message);
    throw err;
  }
  let targetDimension: number;
  try {
    targetDimension = pool.get(targetModel).dimension;
  } catch (err) {
    throw new ReembedError('MODEL_UNAVAILABLE', `model ${targetModel} cannot be loaded here: ${(err as Error).message}`);
  }
  if (!(await repo.tenantKnown(req.tenantId))) throw new ReembedError('UNKNOWN_TENANT', `tenant ${req.tenantId} has no agents`);
  const source = (await spaces.refresh()).of(req.tenantId);
  if (source.model === targetModel) throw new ReembedError('ALREADY_ON_MODEL', `tenant ${req.tenantId} is already on ${targetModel}`);
  const targetSlot = otherSlot(source.slot);
  const existing = await repo.indexDimension(targetSlot);
  // A slot's index has one dimension: another tenant reading that slot at another dimension
  // would be broken by a rebuild, so such a run is refused (move that tenant first).
  if (existing !== null && existing !== targetDimension && (await repo.slotInUse(targetSlot, ''))) {
    throw new ReembedError('SLOT_BUSY', `slot ${targetSlot} is in use at dimension ${existing}; ${targetModel} needs ${targetDimension}`);
  }
  const runId = randomUUID();
  const started = await repo.start({ runId, tenantId: req.tenantId, sourceSlot: source.slot, sourceModel: source.model, targetSlot, targetModel, targetDimension, now: deps.now });
  if (!started) throw new ReembedError('IN_PROGRESS', `a re-embed of tenant ${req.tenantId} is already in progress`);
  return { runId, tenantId: req.tenantId, sourceModel: source.model, targetModel, targetDimension };
}
