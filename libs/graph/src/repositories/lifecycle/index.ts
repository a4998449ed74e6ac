export * from './portable-format';
export * from './memory-forget.repository';
export * from './agent-deletion.repository';
export * from './agent-export.repository';
export * from './agent-import.repository';
