// Per-seller rate limits as token buckets (the arithmetic is ../shared/bucket.ts, shared with the
// client). The store is an interface so that several server instances can share one (e.g. in
// Redis); the in-memory store serves a single process.

import { peekBucket, takeFromBucket, type RateLimitDecision, type RateLimitRule } from "../shared/bucket.js";

export { peekBucket, takeFromBucket, type RateLimitDecision, type RateLimitRule };

export interface RateLimitStore {
  /** Takes one request's budget from the bucket `key` if it has one; must be atomic per key. */
  take(key: string, rule: RateLimitRule, now: number): RateLimitDecision | Promise<RateLimitDecision>;
  /**
   * Requests the bucket `key` would still let go now, without taking any (for `X-Ratelimit-Remaining`
   * on answers that spend no budget: 403, 501). Optional: without it those answers omit the header.
   */
  peek?(key: string, rule: RateLimitRule, now: number): number | Promise<number>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, number>();

  constructor(private readonly sweepAbove = 10_000) {}

  take(key: string, rule: RateLimitRule, now: number): RateLimitDecision {
    const { decision, tat } = takeFromBucket(this.buckets.get(key), rule, now);
    this.buckets.set(key, tat);
    if (this.buckets.size > this.sweepAbove) this.sweep(now);
    return decision;
  }

  peek(key: string, rule: RateLimitRule, now: number): number {
    return peekBucket(this.buckets.get(key), rule, now);
  }

  /** Forgets buckets that are full again: they behave exactly like new ones. */
  private sweep(now: number): void {
    for (const [key, tat] of this.buckets) if (tat <= now) this.buckets.delete(key);
  }
}
