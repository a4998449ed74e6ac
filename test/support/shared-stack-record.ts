// Kept apart from shared-stack.ts: Jest loads the global teardown without the @limbic/* path
// mapping, so what the teardown imports must not reach a library by its alias.

export type SharedKind = 'local' | 'local+worker' | 'hash' | 'hash+worker';

/** What the first file to start a kind writes for the others (and for the teardown). */
export interface SharedRecord {
  readonly kind: SharedKind;
  readonly url: string;
  readonly pids: readonly number[];
  readonly env: Record<string, string>;
  readonly tenants: readonly { id: string; key: string }[];
  readonly log: string;
}

/** Tenants per kind: the API's keys are fixed when it boots. A run that needs more says so. */
export const SHARED_POOL = 48;

export const SHARED_DIR_VARIABLE = 'LIMBIC_E2E_SHARED_DIR';

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

