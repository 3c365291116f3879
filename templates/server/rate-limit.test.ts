import { describe, expect, test } from "vitest";
import { MemoryRateLimitStore, peekBucket, takeFromBucket } from "./rate-limit.js";

/** A memory store on a clock the test sets. */
function storeAt(start = 0): { store: MemoryRateLimitStore; at: (now: number) => MemoryRateLimitStore } {
  let now = start;
  const store = new MemoryRateLimitStore({ now: () => now });
  return {
    store,
    at: (time) => {
      now = time;
      return store;
    },
  };
}

describe("token bucket", () => {
  test("burst at once, then one every interval", () => {
    const { at } = storeAt();
    const rule = { burst: 3, intervalMs: 1000 };
    const take = (now: number) => at(now).take("k", rule);
    expect([take(0), take(0), take(0)].map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(take(0)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1000, resetAfterMs: 3000 });
    expect(take(999)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    expect(take(1000)).toMatchObject({ allowed: true, remaining: 0, resetAfterMs: 3000 });
    expect(take(10_000)).toMatchObject({ allowed: true, remaining: 2 });
  });

  test("keys are independent", () => {
    const { store } = storeAt();
    const rule = { burst: 1, intervalMs: 60_000 };
    expect(store.take("a", rule).allowed).toBe(true);
    expect(store.take("a", rule).allowed).toBe(false);
    expect(store.take("b", rule).allowed).toBe(true);
  });

  test("the store owns its clock: Date.now by default", () => {
    const store = new MemoryRateLimitStore();
    const rule = { burst: 1, intervalMs: 60_000 };
    expect(store.take("a", rule).allowed).toBe(true);
    expect(store.take("a", rule)).toMatchObject({ allowed: false });
    expect(store.take("a", rule).retryAfterMs).toBeGreaterThan(59_000);
  });

  test("a clock going backwards never grants extra budget", () => {
    const rule = { burst: 1, intervalMs: 1000 };
    const first = takeFromBucket(undefined, rule, 5000);
    expect(takeFromBucket(first.tat, rule, 4000).decision.allowed).toBe(false);
  });

  test("full buckets are forgotten as the store is used", () => {
    const { store, at } = storeAt();
    const rule = { burst: 1, intervalMs: 10 };
    store.take("a", rule);
    store.take("b", rule);
    expect(store.size).toBe(2);
    at(100).take("c", rule); // a and b are full again at 10
    at(100).take("c", rule);
    expect(store.size).toBe(1);
    expect(store.take("a", rule).allowed).toBe(true);
  });

  test("peek says what take would leave plus the one it takes, and takes nothing", () => {
    const { store, at } = storeAt();
    const rule = { burst: 3, intervalMs: 1000 };
    expect(store.peek("k", rule)).toBe(3);
    expect(store.peek("k", rule)).toBe(3);
    expect(store.take("k", rule).remaining).toBe(2);
    expect(store.peek("k", rule)).toBe(2);
    store.take("k", rule);
    store.take("k", rule);
    expect(store.peek("k", rule)).toBe(0);
    expect(store.take("k", rule).allowed).toBe(false);
    expect(at(999).peek("k", rule)).toBe(0);
    expect(at(1000).peek("k", rule)).toBe(1);
    expect(at(60_000).peek("k", rule)).toBe(3);
  });

  test("peek never goes below 0 or above the burst (clock going backwards)", () => {
    const rule = { burst: 2, intervalMs: 1000 };
    const { tat } = takeFromBucket(undefined, rule, 10_000);
    expect(peekBucket(tat, rule, 5_000)).toBe(0);
    expect(peekBucket(undefined, rule, 5_000)).toBe(2);
  });
});
