// Token-bucket arithmetic shared by the client's limiter and the server's stores, kept as a
// "theoretical arrival time" (GCRA): exact in integer milliseconds, one number per bucket. A
// bucket of `burst` requests gets one request's budget back every `intervalMs`.

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

/**
 * The bucket arithmetic, for stores that keep `tat` (theoretical arrival time) per key: takes `cost`
 * requests' budget when the bucket holds that much, nothing otherwise (a cost above the burst is
 * never allowed). The Lua script of redis-rate-limit-store.ts is this function, line for line.
 */
export function takeFromBucket(
  tat: number | undefined,
  rule: RateLimitRule,
  now: number,
  cost = 1,
): { decision: RateLimitDecision; tat: number } {
  const [start, next, over] = bucketStep(tat, rule, now, cost);
  if (over > 0) return { decision: { allowed: false, remaining: 0, retryAfterMs: over, resetAfterMs: start - now }, tat: start };
  // 0 - over, not -over: a full take leaves 0 requests, never -0.
  const remaining = Math.floor((0 - over) / rule.intervalMs);
  return { decision: { allowed: true, remaining, retryAfterMs: 0, resetAfterMs: next - now }, tat: next };
}

/**
 * The core of takeFromBucket, for the client's limiter (which needs no decision object): where the
 * budget starts (`tat`, or now when the bucket is full), where it would end after taking `cost`
 * (the new `tat` when allowed), and how many ms that end lies beyond the bucket's capacity
 * (above 0: denied, and the wait before `cost` fits; 0 or below: allowed).
 */
export function bucketStep(tat: number | undefined, rule: RateLimitRule, now: number, cost = 1): [start: number, next: number, over: number] {
  const start = Math.max(tat ?? now, now);
  const next = start + cost * rule.intervalMs;
  return [start, next, next - now - rule.burst * rule.intervalMs];
}

/** A cost is a whole number of requests, at least 1. */
export function checkCost(cost: number): void {
  if (!Number.isSafeInteger(cost) || cost < 1) throw new RangeError(`rate-limit cost must be a whole number of at least 1, got ${String(cost)}`);
}

/** What `takeFromBucket` would leave before taking: the requests that may go now (0 when none). */
export function peekBucket(tat: number | undefined, rule: RateLimitRule, now: number): number {
  const start = Math.max(tat ?? now, now);
  const remaining = Math.floor((rule.burst * rule.intervalMs - (start - now)) / rule.intervalMs);
  // A clock that went backwards can put `start` beyond a full bucket: nothing may go then.
  return Math.min(rule.burst, Math.max(0, remaining));
}
