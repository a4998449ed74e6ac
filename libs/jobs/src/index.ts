export * from './queues';
export * from './queue-settings';
export * from './job-options';
export * from './redis-connection';
export * from './job-producer';
export * from './jobs.module';
export * from './delete-queue-keys';
