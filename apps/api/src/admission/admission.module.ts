import { Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { fastFailConnection } from '@limbic/jobs';
import { AdmissionPlugin } from './admission.plugin';
import { LocalTokenBuckets } from './local-token-buckets';
import { PenaltyBox } from './penalty-box';
import { RedisTokenBuckets } from './redis-token-buckets';
import { TenantRateLimiter } from './tenant-rate-limiter';

const LIMITER_REDIS = Symbol('LIMITER_REDIS');
/** chosen: the longest a request waits for the limiter's Redis before the in-process bucket decides. */
const LIMITER_COMMAND_TIMEOUT_MS = 100;
/** At boot, how long to wait for that connection before the first requests (if Redis is down, they go to the fallback). */
const CONNECT_WAIT_MS = 1000;
/** chosen: the longest a request of a tenant told to wait is held, and how many of its requests may be (PenaltyBox). */
const MAX_HOLD_MS = 1000;
const MAX_HELD_PER_TENANT = 64;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Query cost budget and per-tenant rate limit, ahead of every GraphQL operation. */
@Module({
  providers: [
    { provide: LIMITER_REDIS, inject: [LIMBIC_CONFIG], useFactory: (c: LimbicConfig) => fastFailConnection(c.redisUrl, LIMITER_COMMAND_TIMEOUT_MS) },
    {
      provide: TenantRateLimiter,
      inject: [LIMBIC_CONFIG, LIMITER_REDIS],
      useFactory: (c: LimbicConfig, redis: Redis) =>
        new TenantRateLimiter(
          c.rateLimit,
          c.ops.queuePrefix,
          new RedisTokenBuckets(redis),
          new LocalTokenBuckets(Date.now),
          new PenaltyBox(Date.now, delay, MAX_HOLD_MS, MAX_HELD_PER_TENANT),
          Date.now,
        ),
    },
    AdmissionPlugin,
  ],
})
export class AdmissionModule implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('RateLimiter');

  constructor(@Inject(LIMITER_REDIS) private readonly redis: Redis) {}

  async onModuleInit(): Promise<void> {
    // The limiter logs Redis failures itself; here they would repeat on every reconnect attempt.
    this.redis.on('error', (err: Error) => this.log.debug(`redis: ${err.message}`));
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
