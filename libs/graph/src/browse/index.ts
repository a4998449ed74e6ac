export * from './browse.repository';
export * from './browse.types';
export * from './memory-list-filter';
