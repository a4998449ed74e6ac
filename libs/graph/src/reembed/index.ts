export * from './reembed-run';
export * from './reembed.errors';
export * from './reembed.repository';
export * from './reembed-starter';
export * from './legacy-slot-index';
