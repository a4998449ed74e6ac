import neo4j, { type Driver } from 'neo4j-driver';
import type { Neo4jSettings } from '@limbic/config';

export const NEO4J_DRIVER = Symbol('NEO4J_DRIVER');

export function createDriver(s: Neo4jSettings): Driver {
  return neo4j.driver(s.uri, neo4j.auth.basic(s.user, s.password), {
    maxConnectionPoolSize: s.maxPoolSize,
    // Integers come back as JS numbers: our counts and epoch millis stay far below 2^53.
    disableLosslessIntegers: true,
    // The executor retries, with budgets by failure (neo4j-executor.ts, withRetries).
    maxTransactionRetryTime: 0,
    // A request that cannot get one of the pool's connections within this is refused as
    // UNAVAILABLE (graph.errors) instead of queueing: under overload a quick, retryable "no"
    // beats a slow one (with a 10 s wait, 50 encoders + 50 recallers waited, then failed as INTERNAL).
    // It also bounds a server that accepts the TCP connection but never answers the Bolt
    // handshake (hung, or a dead path): `connectionTimeout` covers only the TCP connect.
    // 1.5 s keeps such a request inside the 2 s it may take to fail.
    connectionAcquisitionTimeout: 1_500,
    connectionTimeout: 1_000,
    userAgent: 'limbic/0.1',
  });
}
