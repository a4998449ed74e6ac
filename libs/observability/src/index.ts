export * from './log-context';
export * from './json-logger';
export * from './metrics';
export * from './queue-depth';
export * from './shutdown-deadline';
export * from './without-stack-capture';
