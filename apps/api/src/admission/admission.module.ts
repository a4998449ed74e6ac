import { Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { QueueFactory, type RedisClient } from '@limbic/jobs';
import { AdmissionPlugin } from './admission.plugin';
import { LocalTokenBuckets } from './local-token-buckets';
import { RatePacer } from './rate-pacer';
import { RedisTokenBuckets } from './redis-token-buckets';
import { TenantRateLimiter } from './tenant-rate-limiter';

const LIMITER_REDIS = Symbol('LIMITER_REDIS');
/** chosen: the longest a request waits for the limiter's Redis before the in-process bucket decides. */
const LIMITER_COMMAND_TIMEOUT_MS = 100;
/** At boot, how long to wait for that connection before the first requests (if Redis is down, they go to the fallback). */
const CONNECT_WAIT_MS = 1000;
/** chosen: the longest a request of a tenant over its rate is held, and how many of its requests may be (RatePacer). */
const MAX_HOLD_MS = 1000;
const MAX_HELD_PER_TENANT = 256;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Query cost budget and per-tenant rate limit, ahead of every GraphQL operation. */
@Module({
  providers: [
    {
      provide: LIMITER_REDIS,
      inject: [QueueFactory],
      useFactory: (f: QueueFactory) => f.connection({ kind: 'fastFail', commandTimeoutMs: LIMITER_COMMAND_TIMEOUT_MS }, 'rate limiter'),
    },
    {
      provide: TenantRateLimiter,
      inject: [LIMBIC_CONFIG, LIMITER_REDIS],
      useFactory: (c: LimbicConfig, redis: RedisClient) =>
        new TenantRateLimiter(
          c.rateLimit,
          c.ops.queuePrefix,
          new RedisTokenBuckets(redis),
          new LocalTokenBuckets(Date.now),
          new RatePacer(Date.now, delay, MAX_HOLD_MS, MAX_HELD_PER_TENANT),
          Date.now,
        ),
    },
    AdmissionPlugin,
  ],
})
export class AdmissionModule implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('RateLimiter');

  constructor(@Inject(LIMITER_REDIS) private readonly redis: RedisClient) {}

  async onModuleInit(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CONNECT_WAIT_MS);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
