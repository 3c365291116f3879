import { describe, expect, test } from "vitest";
import { MemoryRateLimitStore, peekBucket, takeFromBucket } from "./rate-limit.js";

describe("token bucket", () => {
  test("burst at once, then one every interval", () => {
    const store = new MemoryRateLimitStore();
    const rule = { burst: 3, intervalMs: 1000 };
    const at = (now: number) => store.take("k", rule, now);
    expect([at(0), at(0), at(0)].map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(at(0)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1000, resetAfterMs: 3000 });
    expect(at(999)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    expect(at(1000)).toMatchObject({ allowed: true, remaining: 0, resetAfterMs: 3000 });
    expect(at(10_000)).toMatchObject({ allowed: true, remaining: 2 });
  });

  test("keys are independent", () => {
    const store = new MemoryRateLimitStore();
    const rule = { burst: 1, intervalMs: 60_000 };
    expect(store.take("a", rule, 0).allowed).toBe(true);
    expect(store.take("a", rule, 0).allowed).toBe(false);
    expect(store.take("b", rule, 0).allowed).toBe(true);
  });

  test("a clock going backwards never grants extra budget", () => {
    const rule = { burst: 1, intervalMs: 1000 };
    const first = takeFromBucket(undefined, rule, 5000);
    expect(takeFromBucket(first.tat, rule, 4000).decision.allowed).toBe(false);
  });

  test("full buckets are forgotten when the store grows", () => {
    const store = new MemoryRateLimitStore(2);
    const rule = { burst: 1, intervalMs: 10 };
    store.take("a", rule, 0);
    store.take("b", rule, 0);
    store.take("c", rule, 100); // sweeps a and b (full again at 10)
    expect((store as unknown as { buckets: Map<string, number> }).buckets.size).toBe(1);
    expect(store.take("a", rule, 100).allowed).toBe(true);
  });

  test("peek says what take would leave plus the one it takes, and takes nothing", () => {
    const store = new MemoryRateLimitStore();
    const rule = { burst: 3, intervalMs: 1000 };
    expect(store.peek("k", rule, 0)).toBe(3);
    expect(store.peek("k", rule, 0)).toBe(3);
    expect(store.take("k", rule, 0).remaining).toBe(2);
    expect(store.peek("k", rule, 0)).toBe(2);
    store.take("k", rule, 0);
    store.take("k", rule, 0);
    expect(store.peek("k", rule, 0)).toBe(0);
    expect(store.take("k", rule, 0).allowed).toBe(false);
    expect(store.peek("k", rule, 999)).toBe(0);
    expect(store.peek("k", rule, 1000)).toBe(1);
    expect(store.peek("k", rule, 60_000)).toBe(3);
  });

  test("peek never goes below 0 or above the burst (clock going backwards)", () => {
    const rule = { burst: 2, intervalMs: 1000 };
    const { tat } = takeFromBucket(undefined, rule, 10_000);
    expect(peekBucket(tat, rule, 5_000)).toBe(0);
    expect(peekBucket(undefined, rule, 5_000)).toBe(2);
  });
});
