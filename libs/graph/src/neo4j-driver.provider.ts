import neo4j, { type Driver } from 'neo4j-driver';
import type { Neo4jSettings } from '@limbic/config';

export const NEO4J_DRIVER = Symbol('NEO4J_DRIVER');

export function createDriver(s: Neo4jSettings): Driver {
  return neo4j.driver(s.uri, neo4j.auth.basic(s.user, s.password), {
    maxConnectionPoolSize: s.maxPoolSize,
    // Integers come back as JS numbers: our counts and epoch millis stay far below 2^53.
    disableLosslessIntegers: true,
    // How long the driver keeps retrying a managed transaction after transient errors.
    maxTransactionRetryTime: 15_000,
    connectionAcquisitionTimeout: 10_000,
    userAgent: 'limbic/0.1',
  });
}
