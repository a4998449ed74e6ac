import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import neo4j from 'neo4j-driver';
import { GraphError } from './graph.errors';
import type { Neo4jExecutor } from './neo4j-executor';
import { VALENCE_BANDS } from './valence-band';

const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.cypher$/;
const LOCK_TTL_MS = 120_000;
const LOCK_WAIT_MS = 180_000;

export interface MigrationFile {
  readonly id: string;
  readonly name: string;
  readonly checksum: string;
  readonly statements: readonly string[];
}

export interface SchemaParams {
  /** Dimension of the vector index, taken from the active embedder. */
  readonly embeddingDimension: number;
}

/** Reads `cypher/schema/NNN_*.cypher`, in order. Statements end with `;` at the end of a line. */
export function readMigrations(dir: string): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const body = text
        .split('\n')
        .filter((l) => !l.trimStart().startsWith('//'))
        .join('\n');
      return {
        id: file.slice(0, 3),
        name: file,
        checksum: createHash('sha256').update(text).digest('hex').slice(0, 16),
        statements: body
          .split(/;\s*$/m)
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
}

/**
 * Applies each schema migration once and records it as a `:LimbicMigration` node. A lock
 * node serialises concurrent starts (API and worker booting together); every statement is
 * also `IF NOT EXISTS`, so even a crash between apply and record is harmless on the rerun.
 */
export class MigrationRunner {
  private readonly log = new Logger('Migrations');
  private readonly holder = randomUUID();

  constructor(
    private readonly executor: Neo4jExecutor,
    private readonly dir: string,
    private readonly clock: () => number = Date.now,
    /** Namespace of the records and the lock; tests use their own so they never touch the real schema's. */
    private readonly scope: string = 'schema',
  ) {}

  async run(params: SchemaParams): Promise<string[]> {
    const migrations = readMigrations(this.dir);
    await this.ensureLockConstraint();
    await this.acquireLock();
    const appliedNow: string[] = [];
    try {
      const rows = await this.executor.read<{ id: string; checksum: string }>('migration.applied', { scope: this.scope });
      const applied = new Map(rows.map((r) => [r.id, r.checksum]));
      for (const m of migrations) {
        const previous = applied.get(m.id);
        if (previous !== undefined) {
          if (previous !== m.checksum) this.log.warn(`${m.name} changed after it was applied; migrations are append-only`);
          continue;
        }
        for (const statement of m.statements) {
          // Index options accept integers only; JS numbers travel as floats unless wrapped.
          // valenceBands: schema 016 labels memories by the bounds their writes use.
          await this.executor.runRaw(`migration.${m.id}`, statement, { dimension: neo4j.int(params.embeddingDimension), valenceBands: VALENCE_BANDS });
        }
        await this.executor.write('migration.record', { scope: this.scope, id: m.id, name: m.name, checksum: m.checksum, at: this.clock() });
        appliedNow.push(m.name);
        this.log.log(`applied ${m.name}`);
      }
      // Not vector indexes: those may populate while the service runs (migration.pending-indexes).
      for (const { name } of await this.executor.read<{ name: string }>('migration.pending-indexes')) {
        await this.executor.read('migration.await-index', { name });
      }
    } finally {
      await this.executor.write('migration.lock-release', { scope: this.scope, holder: this.holder });
    }
    return appliedNow;
  }

  private async ensureLockConstraint(): Promise<void> {
    const stmt = 'CREATE CONSTRAINT limbic_migration_lock IF NOT EXISTS FOR (l:LimbicMigrationLock) REQUIRE l.id IS UNIQUE';
    for (let attempt = 0; ; attempt++) {
      try {
        await this.executor.runRaw('migration.lock-constraint', stmt);
        return;
      } catch (err) {
        // Two processes creating the same constraint at once: the loser sees a conflict; retry.
        if (attempt >= 5) throw err;
        await sleep(200 + attempt * 200);
      }
    }
  }

  private async acquireLock(): Promise<void> {
    const deadline = this.clock() + LOCK_WAIT_MS;
    for (;;) {
      const rows = await this.executor.write<{ holder: string }>('migration.lock-acquire', {
        scope: this.scope,
        holder: this.holder,
        now: this.clock(),
        ttlMs: LOCK_TTL_MS,
      });
      if (rows[0]?.holder === this.holder) return;
      if (this.clock() > deadline) throw new GraphError('timeout', 'timed out waiting for the schema migration lock');
      await sleep(250);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
