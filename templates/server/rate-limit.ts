// Per-seller rate limits as token buckets, kept as a "theoretical arrival time" (GCRA): exact in
// integer milliseconds, one number per bucket. The store is an interface so that several server
// instances can share one (e.g. in Redis); the in-memory store serves a single process.

export interface RateLimitRule {
  /** Requests that may go at once (bucket size). */
  burst: number;
  /** One request's budget comes back every interval. */
  intervalMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests that may still go now. */
  remaining: number;
  /** When denied: wait this long before the next request is allowed; 0 when allowed. */
  retryAfterMs: number;
  /** Until the bucket is full again. */
  resetAfterMs: number;
}

export interface RateLimitStore {
  /** Takes one request's budget from the bucket `key` if it has one; must be atomic per key. */
  take(key: string, rule: RateLimitRule, now: number): RateLimitDecision | Promise<RateLimitDecision>;
  /**
   * Requests the bucket `key` would still let go now, without taking any (for `X-Ratelimit-Remaining`
   * on answers that spend no budget: 403, 501). Optional: without it those answers omit the header.
   */
  peek?(key: string, rule: RateLimitRule, now: number): number | Promise<number>;
}

/** The bucket arithmetic, for stores that keep `tat` (theoretical arrival time) per key. */
export function takeFromBucket(
  tat: number | undefined,
  rule: RateLimitRule,
  now: number,
): { decision: RateLimitDecision; tat: number } {
  const start = Math.max(tat ?? now, now);
  const tolerance = (rule.burst - 1) * rule.intervalMs;
  if (start - now > tolerance) {
    const decision = { allowed: false, remaining: 0, retryAfterMs: start - now - tolerance, resetAfterMs: start - now };
    return { decision, tat: start };
  }
  const next = start + rule.intervalMs;
  const remaining = Math.floor((rule.burst * rule.intervalMs - (next - now)) / rule.intervalMs);
  return { decision: { allowed: true, remaining, retryAfterMs: 0, resetAfterMs: next - now }, tat: next };
}

/** What `takeFromBucket` would leave before taking: the requests that may go now (0 when none). */
export function peekBucket(tat: number | undefined, rule: RateLimitRule, now: number): number {
  const start = Math.max(tat ?? now, now);
  const remaining = Math.floor((rule.burst * rule.intervalMs - (start - now)) / rule.intervalMs);
  // A clock that went backwards can put `start` beyond a full bucket: nothing may go then.
  return Math.min(rule.burst, Math.max(0, remaining));
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
