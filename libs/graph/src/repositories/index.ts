export * from './agent.repository';
export * from './memory.repository';
export * from './appraisal.repository';
export * from './health.repository';
export * from './encode.repository';
