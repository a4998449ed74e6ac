import { Inject, Injectable } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { sizeOf, type AgentEmbeddings } from './agent-embeddings';

/**
 * This process's copies of small agents' embeddings (see encode.neighbours), least recently
 * used dropped first once they exceed the configured byte budget. A copy is only ever a
 * proposal: the encode transaction checks its epoch against the agent's under the agent's
 * lock, so a copy another replica's write made stale costs a fallback, never a wrong link.
 */
/** Agents remembered as seen without a copy; a key is ≈ 100 bytes. */
const SEEN_AGENTS = 10_000;

@Injectable()
export class LinkCache {
  private readonly entries = new Map<string, AgentEmbeddings>();
  private readonly seen = new Map<string, true>();
  private bytes = 0;
  private readonly budget: number;

  constructor(@Inject(LIMBIC_CONFIG) config: LimbicConfig) {
    this.budget = config.limits.linkCacheBytes;
  }

  get enabled(): boolean {
    return this.budget > 0;
  }

  get(tenantId: string, agentId: string): AgentEmbeddings | null {
    const key = keyOf(tenantId, agentId);
    const entry = this.entries.get(key);
    if (!entry) return null;
    // Map iteration follows insertion: re-inserting marks it most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Whether a missing copy of the agent is worth filling: only for an agent this process has
   * encoded into before. Filling transfers all its embeddings, which costs about one more scan;
   * an agent written to once in a while would pay that on every encode and never use the copy.
   */
  admits(tenantId: string, agentId: string): boolean {
    const key = keyOf(tenantId, agentId);
    if (this.entries.has(key) || this.seen.delete(key)) return true;
    this.seen.set(key, true);
    if (this.seen.size > SEEN_AGENTS) this.seen.delete(this.seen.keys().next().value as string);
    return false;
  }

  put(tenantId: string, agentId: string, entry: AgentEmbeddings | null): void {
    this.drop(tenantId, agentId);
    if (!entry || sizeOf(entry) > this.budget) return;
    this.entries.set(keyOf(tenantId, agentId), entry);
    this.bytes += sizeOf(entry);
    for (const [key, oldest] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(key);
      this.bytes -= sizeOf(oldest);
    }
  }

  drop(tenantId: string, agentId: string): void {
    const key = keyOf(tenantId, agentId);
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }

  /** Cached agents and their bytes (tests, metrics). */
  stats(): { agents: number; bytes: number } {
    return { agents: this.entries.size, bytes: this.bytes };
  }
}

function keyOf(tenantId: string, agentId: string): string {
  return JSON.stringify([tenantId, agentId]);
}
