import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { LlmAppraiserSettings } from '@limbic/config';
import { lexiconChecks } from '../lexicon-text-appraiser';
import type { TextAppraiser, TextChecks } from '../text-appraiser';
import { completionRequest, LlmAnswerError, parseCompletion, type LlmChecks } from './llm-checks';
import { LruCache } from './lru-cache';

export interface LlmAppraiserOptions {
  /** Consecutive failures after which the endpoint is left alone for `pauseMs`. */
  readonly failuresBeforePause: number;
  readonly pauseMs: number;
  readonly clock: () => number;
}

const DEFAULTS: LlmAppraiserOptions = { failuresBeforePause: 3, pauseMs: 30_000, clock: Date.now };

/**
 * Appraises text with any OpenAI-compatible chat endpoint (`POST {baseUrl}/chat/completions`).
 *
 * Never fails the job: a timeout, a network or HTTP error, or an answer that is not five
 * numbers in range yields the lexicon's checks (source `lexicon-fallback`). After a few
 * failures in a row the endpoint is paused for a while, so an outage costs one timeout per
 * pause instead of one per job.
 *
 * Answers are cached in process, keyed by model and a hash of the text. At temperature 0
 * the checks are a function of (model, text), so a hit is as good as a call; hits come from
 * retried or duplicated jobs and from agents that log the same line again and again. An
 * in-process LRU is enough: a miss costs one more call, never a wrong answer, and job ids
 * already keep one memory on one worker. Fallbacks are not cached, so the text gets a real
 * appraisal once the endpoint is back. Identical texts in flight share one call.
 */
export class LlmTextAppraiser implements TextAppraiser {
  private readonly log = new Logger('LlmAppraiser');
  private readonly cache: LruCache<string, LlmChecks>;
  private readonly inFlight = new Map<string, Promise<LlmChecks>>();
  private readonly url: string;
  private readonly options: LlmAppraiserOptions;
  private failures = 0;
  private pausedUntil = 0;

  constructor(
    private readonly settings: LlmAppraiserSettings,
    options: Partial<LlmAppraiserOptions> = {},
  ) {
    this.cache = new LruCache(settings.cacheSize);
    this.url = `${settings.baseUrl}/chat/completions`;
    this.options = { ...DEFAULTS, ...options };
  }

  async appraise(text: string): Promise<TextChecks> {
    const key = `${this.settings.model}\u0000${createHash('sha256').update(text).digest('hex')}`;
    const cached = this.cache.get(key);
    if (cached) return fromLlm(cached);
    if (this.options.clock() < this.pausedUntil) return lexiconChecks(text, 'lexicon-fallback');
    try {
      let call = this.inFlight.get(key);
      if (!call) {
        call = this.call(text).finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, call);
      }
      const checks = await call;
      this.failures = 0;
      this.cache.set(key, checks);
      return fromLlm(checks);
    } catch (err) {
      this.failed(err);
      return lexiconChecks(text, 'lexicon-fallback');
    }
  }

  private async call(text: string): Promise<LlmChecks> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.settings.apiKey !== '') headers.authorization = `Bearer ${this.settings.apiKey}`;
    const res = await fetch(this.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(completionRequest(this.settings.model, text)),
      // Bounds the whole exchange, body included: a server that stalls mid-answer times out too.
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new LlmAnswerError(`HTTP ${res.status}`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (err) {
      if (isTimeout(err)) throw err;
      throw new LlmAnswerError('the response body is not JSON');
    }
    return parseCompletion(body);
  }

  private failed(err: unknown): void {
    this.failures++;
    const reason = isTimeout(err) ? `no answer within ${this.settings.timeoutMs} ms` : String((err as { message?: unknown }).message ?? err);
    if (this.failures >= this.options.failuresBeforePause) {
      this.pausedUntil = this.options.clock() + this.options.pauseMs;
      this.failures = 0;
      this.log.warn(`LLM appraiser failed (${reason}); using the lexicon for ${this.options.pauseMs} ms`);
    } else {
      this.log.warn(`LLM appraiser failed (${reason}); using the lexicon for this memory`);
    }
  }
}

function fromLlm(c: LlmChecks): TextChecks {
  return {
    // The model's conduciveness is its reading of the event's tone for the agent.
    tone: c.goalConduciveness,
    goalConduciveness: c.goalConduciveness,
    copingPotential: c.copingPotential,
    normCompatibility: c.normCompatibility,
    selfRelevance: c.selfRelevance,
    source: 'llm',
  };
}

/** By name: fetch rejects with a DOMException, which need not be an Error of this realm. */
function isTimeout(err: unknown): boolean {
  const name = typeof err === 'object' && err !== null && 'name' in err ? (err as { name: unknown }).name : undefined;
  return name === 'TimeoutError' || name === 'AbortError';
}
