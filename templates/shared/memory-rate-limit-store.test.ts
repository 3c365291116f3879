import { describe, expect, test } from "vitest";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";

function clockedStore(): { store: MemoryRateLimitStore; set: (now: number) => void } {
  let now = 0;
  return { store: new MemoryRateLimitStore({ now: () => now }), set: (time) => (now = time) };
}

describe("MemoryRateLimitStore", () => {
  test("a cost takes that many requests' budget, or nothing", () => {
    const { store, set } = clockedStore();
    const rule = { burst: 5, intervalMs: 100 };
    expect(store.take("k", rule, 3)).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0, resetAfterMs: 300 });
    expect(store.take("k", rule, 3)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 100, resetAfterMs: 300 });
    expect(store.peek("k", rule)).toBe(2);
    expect(store.take("k", rule, 2)).toMatchObject({ allowed: true, remaining: 0 });
    set(100);
    expect(store.take("k", rule, 1)).toMatchObject({ allowed: true, remaining: 0 });
    // More than the burst never fits.
    set(10_000);
    expect(store.take("k", rule, 6)).toMatchObject({ allowed: false });
    expect(store.take("k", rule, 5)).toMatchObject({ allowed: true, remaining: 0 });
  });

  test("a cost must be a whole number of at least 1", () => {
    const { store } = clockedStore();
    for (const cost of [0, -1, 1.5, Number.NaN]) expect(() => store.take("k", { burst: 1, intervalMs: 1 }, cost)).toThrow(RangeError);
  });

  test("buckets full again are dropped as requests go by, without a full scan", () => {
    const { store, set } = clockedStore();
    const rule = { burst: 1, intervalMs: 1000 };
    for (let principal = 0; principal < 50_000; principal++) store.take(`s${principal}`, rule);
    expect(store.size).toBeGreaterThan(40_000); // all live: nothing to drop
    set(1000); // every bucket is full again
    for (let request = 0; request < 30_000; request++) store.take("busy", rule);
    expect(store.size).toBeLessThan(5);
    expect(store.take("s1", rule).allowed).toBe(true);
  });

  // Issue 13, item 8: past 10,000 live buckets every take swept the whole map.
  test("a take costs the same with 1,000 or 200,000 live buckets", () => {
    const rule = { burst: 1, intervalMs: 3_600_000 }; // nobody's bucket refills during the test
    const timeTakes = (principals: number): number => {
      const store = new MemoryRateLimitStore({ now: () => 0 });
      for (let principal = 0; principal < principals; principal++) store.take(`s${principal}`, rule);
      const started = performance.now();
      for (let request = 0; request < 20_000; request++) store.take(`new${request}`, rule);
      return performance.now() - started;
    };
    timeTakes(1_000); // warm up
    const small = Math.min(timeTakes(1_000), timeTakes(1_000));
    const large = timeTakes(200_000);
    // A scan per take would be 20,000 x 200,000 visits: seconds, not milliseconds.
    expect(large).toBeLessThan(small * 10 + 250);
  });
});
