import type { RedisClient } from '@limbic/jobs';
import type { RateLimit } from '@limbic/config';
import type { SharedDecision } from './tenant-rate-limiter';

/**
 * token-bucket.ts's takeTokens, atomically inside Redis, on Redis's clock (every API process
 * shares one bucket per tenant, whatever their clocks say). KEYS[1]: the bucket (a hash of
 * tokens and ms). ARGV: costPerSec, burst, cost. Returns {allowed 0|1, retryAfterMs, tokens
 * left (a string: Lua numbers reach the client as integers)}. A refused take writes nothing;
 * the key expires once the bucket would be full again.
 */
const TAKE_TOKENS_LUA = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
if saved[1] and saved[2] then
  tokens = math.min(burst, tonumber(saved[1]) + math.max(0, now - tonumber(saved[2])) * rate / 1000)
end
if tokens < cost then
  return {0, math.ceil((cost - tokens) * 1000 / rate), tostring(tokens)}
end
tokens = tokens - cost
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1000)
return {1, 0, tostring(tokens)}
`;

const COMMAND = 'limbicTakeTokens';

interface TakeTokensCommand {
  [COMMAND](key: string, costPerSec: number, burst: number, cost: number): Promise<[number, number, string]>;
}

/** Token buckets shared by every API process, in Redis (EVALSHA through ioredis defineCommand). */
export class RedisTokenBuckets {
  private readonly redis: RedisClient & TakeTokensCommand;

  constructor(redis: RedisClient) {
    redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: TAKE_TOKENS_LUA });
    this.redis = redis as RedisClient & TakeTokensCommand;
  }

  async take(key: string, limit: RateLimit, cost: number): Promise<SharedDecision> {
    const [allowed, retryAfterMs, tokens] = await this.redis[COMMAND](key, limit.costPerSec, limit.burst, cost);
    return { allowed: allowed === 1, retryAfterMs, tokensLeft: Number(tokens) };
  }
}
