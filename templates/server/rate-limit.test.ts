import { describe, expect, test } from "vitest";
import { MemoryRateLimitStore, takeFromBucket } from "./rate-limit.js";

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
});
