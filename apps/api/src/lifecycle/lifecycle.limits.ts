import type { LimbicConfig } from '@limbic/config';

export interface LifecycleLimits {
  /** Largest import body accepted, in bytes. */
  readonly maxImportBytes: number;
  /** Most memories one import may hold (they are written in one transaction). */
  readonly maxImportMemories: number;
  readonly maxContentBytes: number;
  /** Rows per UNWIND statement inside the import transaction. */
  readonly importBatchSize: number;
  /** Nodes per deleteAgent transaction. */
  readonly deleteBatchSize: number;
  /** Memories per export page (each carries its embedding). */
  readonly exportPageSize: number;
}

export const LIFECYCLE_LIMITS = Symbol('LIFECYCLE_LIMITS');

/**
 * Import and paging limits. The content limit comes from the validated configuration; the
 * others are defaults until libs/config grows settings for them (one line each here).
 */
export function lifecycleLimits(config: LimbicConfig): LifecycleLimits {
  return {
    maxImportBytes: 64 * 1024 * 1024,
    maxImportMemories: 50_000,
    maxContentBytes: config.limits.maxContentBytes,
    importBatchSize: 500,
    deleteBatchSize: 1000,
    exportPageSize: 250,
  };
}
