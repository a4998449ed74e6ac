import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import type { EmbeddingSlot } from './embedding-slot';
import { isEmbeddingSlot } from './embedding-slot';
import { SpaceSnapshot, type EmbeddingSpace } from './embedding-space';

/** How stale a process's view of the spaces may be (ms); a switch waits longer than this before it clears the old slot. */
export const SPACE_REFRESH_MS = 1000;

interface Pinned {
  readonly tenantId: string;
  readonly snapshot: SpaceSnapshot;
}

export interface SpaceRow {
  readonly tenantId: unknown;
  readonly slot: unknown;
  readonly model: unknown;
  readonly dimension: unknown;
}

/**
 * The process's view of every tenant's embedding space, refreshed every SPACE_REFRESH_MS from
 * the graph (one small read: one node per tenant ever re-embedded).
 *
 * A request pins the snapshot of its start (pin): the model that embeds its query and the slot
 * its queries read come from the same snapshot, even when a switch lands halfway through it.
 */
export class EmbeddingSpaces {
  private readonly log = new Logger('EmbeddingSpaces');
  private readonly pinned = new AsyncLocalStorage<Pinned>();
  private current: SpaceSnapshot;
  private timer: NodeJS.Timeout | undefined;

  private load: () => Promise<readonly SpaceRow[]> = () => Promise.resolve([]);

  constructor(fallback: EmbeddingSpace) {
    this.current = new SpaceSnapshot(fallback);
  }

  /** The graph read behind refresh (set by GraphModule once the executor exists: the executor asks this object for slots). */
  attach(load: () => Promise<readonly SpaceRow[]>): void {
    this.load = load;
  }

  get fallback(): EmbeddingSpace {
    return this.current.fallback;
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh().catch((err: unknown) => this.log.warn(`refresh failed: ${(err as Error).message}`)), SPACE_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async refresh(): Promise<SpaceSnapshot> {
    const rows = await this.load();
    const byTenant = new Map<string, EmbeddingSpace>();
    for (const r of rows) {
      if (typeof r.tenantId !== 'string' || !isEmbeddingSlot(r.slot) || typeof r.model !== 'string') continue;
      byTenant.set(r.tenantId, { slot: r.slot, model: r.model, dimension: Number(r.dimension) });
    }
    this.current = new SpaceSnapshot(this.current.fallback, byTenant);
    return this.current;
  }

  /** Runs `work` with this moment's snapshot, for `tenantId`, pinned (see the class comment). */
  pin<R>(tenantId: string, work: () => R): R {
    return this.pinned.run({ tenantId, snapshot: this.current }, work);
  }

  /** The space of `tenantId`, or of the pinned tenant; pinned snapshot first. */
  spaceOf(tenantId?: string): EmbeddingSpace {
    const pin = this.pinned.getStore();
    const snapshot = pin?.snapshot ?? this.current;
    const tenant = tenantId ?? pin?.tenantId;
    return tenant === undefined ? snapshot.fallback : snapshot.of(tenant);
  }

  slotOf(tenantId: string | undefined): EmbeddingSlot {
    return this.spaceOf(tenantId).slot;
  }

  snapshot(): SpaceSnapshot {
    return this.current;
  }
}
