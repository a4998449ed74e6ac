import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_DIR_VARIABLE } from './shared-stack-record';

/**
 * A directory for this run's shared stacks (test/support/shared-stack.ts): their records, logs
 * and tenant claims. Nothing starts here; a kind starts when the first file asks for it. Set in
 * the environment, which Jest's test processes inherit (and --runInBand shares).
 */
export default function e2eGlobalSetup(): void {
  process.env[SHARED_DIR_VARIABLE] = mkdtempSync(join(tmpdir(), 'limbic-e2e-shared-'));
}
