import { getEventListeners } from "node:events";
import { describe, expect, test } from "vitest";
import type { Clock } from "./clock.js";
import { limitsFor, rateLimiter, takeToken, type Bucket, type LimitedCall } from "./rate-limit.js";

/** An error a test call ends with: the kind and extra fields `call.fail` was given. */
class Ended extends Error {
  constructor(
    readonly kind: string,
    detail: string,
    readonly retryAfterMs?: number,
  ) {
    super(detail);
  }
}

/** A call with `token` (and `signal`) as the limiter sees it; `fail` throws Ended. */
function callOf(token: string, signal?: AbortSignal): LimitedCall {
  return { token, signal, timeoutMs: 0, fail: (kind, detail, extra) => { throw new Ended(kind, detail, extra.retryAfterMs); } };
}

/** A bucket of `burst` requests, one back every `intervalMs`; `take(now)` as takeToken. */
function tokenBucket(burst: number, intervalMs: number): { take(now: number): number } {
  const bucket: Bucket = { rule: { burst, intervalMs } };
  return { take: (now) => takeToken(bucket, now) };
}

describe("takeToken", () => {
  test("starts full: burst requests go at once, the next waits one interval", () => {
    const bucket = tokenBucket(3, 1000);
    expect([bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([0, 0, 0]);
    expect(bucket.take(0)).toBe(1000);
  });

  test("one token comes back every interval, and a refused take costs nothing", () => {
    const bucket = tokenBucket(1, 60_000);
    expect(bucket.take(0)).toBe(0);
    expect(bucket.take(15_000)).toBe(45_000);
    expect(bucket.take(45_000)).toBe(15_000);
    expect(bucket.take(60_000)).toBe(0);
    expect(bucket.take(60_000)).toBe(60_000);
  });

  test("never holds more than its capacity", () => {
    const bucket = tokenBucket(2, 100);
    expect(bucket.take(10_000)).toBe(0);
    expect(bucket.take(10_000)).toBe(0);
    expect(bucket.take(10_000)).toBe(100);
  });

  test("a clock going backwards does not mint tokens", () => {
    const bucket = tokenBucket(1, 1000);
    expect(bucket.take(5000)).toBe(0);
    expect(bucket.take(1000)).toBeGreaterThan(0);
    expect(bucket.take(5500)).toBe(500);
  });
});

function manualClock() {
  let time = 0;
  const sleepers: { until: number; resolve: () => void }[] = [];
  const clock: Clock = {
    now: () => time,
    random: () => 0,
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        const sleeper = { until: time + ms, resolve };
        sleepers.push(sleeper);
        signal?.addEventListener("abort", () => {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          reject(signal.reason);
        });
      }),
  };
  const advance = async (ms: number) => {
    time += ms;
    for (const s of sleepers.filter((s) => s.until <= time)) {
      sleepers.splice(sleepers.indexOf(s), 1);
      s.resolve();
    }
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { clock, advance };
}

const LIMIT = { key: "op:0", burst: 1, intervalMs: 1000 };

describe("RateLimiter", () => {
  test("waiting callers go in order, one per interval", async () => {
    const { clock, advance } = manualClock();
    const limiter = rateLimiter(clock);
    const order: number[] = [];
    const calls = [1, 2, 3].map((n) => limiter.acquire([LIMIT], callOf("t"), "wait").then(() => order.push(n)));
    await advance(0);
    expect(order).toEqual([1]);
    await advance(1000);
    expect(order).toEqual([1, 2]);
    await advance(999);
    expect(order).toEqual([1, 2]);
    await advance(1);
    await Promise.all(calls);
    expect(order).toEqual([1, 2, 3]);
  });

  test("an aborted waiter leaves the line without taking a token", async () => {
    const { clock, advance } = manualClock();
    const limiter = rateLimiter(clock);
    await limiter.acquire([LIMIT], callOf("t"), "wait");
    const controller = new AbortController();
    const second = limiter.acquire([LIMIT], callOf("t", controller.signal), "wait");
    let thirdDone = false;
    const third = limiter.acquire([LIMIT], callOf("t"), "wait").then(() => (thirdDone = true));
    await advance(0);
    controller.abort(new Error("stop"));
    await expect(second).rejects.toThrow("stop");
    await advance(1000);
    await third;
    expect(thirdDone).toBe(true);
    // Only one token came back in that second, and the third caller has it.
    await expect(limiter.acquire([LIMIT], callOf("t"), "fail")).rejects.toMatchObject({ kind: "rate_limited" });
  });

  test("fail mode throws with the wait, and separate tokens or keys have separate buckets", async () => {
    const { clock } = manualClock();
    const limiter = rateLimiter(clock);
    await limiter.acquire([LIMIT], callOf("a"), "fail");
    const error = await limiter.acquire([LIMIT], callOf("a"), "fail").catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 1000, message: "rate limit of the operation reached; next request possible in 1000 ms" });
    await expect(limiter.acquire([LIMIT], callOf("b"), "fail")).resolves.toBeUndefined();
    await expect(limiter.acquire([{ ...LIMIT, key: "other:0" }], callOf("a"), "fail")).resolves.toBeUndefined();
  });

  test("fail mode: of calls made at once, the burst goes and the rest end at once, without sleeping", async () => {
    const { clock } = manualClock();
    const limiter = rateLimiter(clock);
    const rule = { key: "burst:0", burst: 2, intervalMs: 1000 };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => limiter.acquire([rule], callOf("t"), "fail").then(() => "sent", (e: unknown) => (e as Ended).kind)));
    expect(outcomes).toEqual(["sent", "sent", "rate_limited", "rate_limited", "rate_limited"]);
    await expect(limiter.acquire([rule], callOf("t"), "fail")).rejects.toMatchObject({ retryAfterMs: 1000 });
  });
});

describe("RateLimiter memory", () => {
  test("lanes of rotating tokens are dropped once idle (full bucket, nobody in line)", async () => {
    const { clock, advance } = manualClock();
    const limiter = rateLimiter(clock);
    for (let i = 0; i < 10_000; i++) {
      await limiter.acquire([LIMIT], callOf(`token-${i}`), i % 2 === 0 ? "fail" : "wait");
      if (i % 100 === 99) await advance(1000);
    }
    // A second's tokens are busy; older lanes are full again and were swept.
    expect(limiter.size).toBeLessThanOrEqual(2 * 100 + 64);
  });

  test("a busy lane is kept: dropping it would give its bucket back", async () => {
    const { clock } = manualClock();
    const limiter = rateLimiter(clock);
    await limiter.acquire([LIMIT], callOf("busy"), "fail");
    for (let i = 0; i < 1_000; i++) await limiter.acquire([LIMIT], callOf(`other-${i}`), "fail");
    await expect(limiter.acquire([LIMIT], callOf("busy"), "fail")).rejects.toMatchObject({ kind: "rate_limited" });
  });

  test("callers waiting on one signal add one listener to it", async () => {
    const { clock, advance } = manualClock();
    const limiter = rateLimiter(clock);
    await limiter.acquire([LIMIT], callOf("t"), "wait");
    const controller = new AbortController();
    const waits = Array.from({ length: 1_000 }, () => limiter.acquire([LIMIT], callOf("t", controller.signal), "wait").catch((e: unknown) => e));
    await advance(0);
    // The test clock's sleep adds one of its own for the first in line.
    expect(getEventListeners(controller.signal, "abort").length).toBeLessThanOrEqual(2);
    controller.abort(new Error("stop"));
    expect(new Set((await Promise.all(waits)).map((e) => (e as Error).message))).toEqual(new Set(["stop"]));
  });
});

describe("limitsFor", () => {
  const every = { key: "op:0", burst: 5, intervalMs: 1000 };
  const personal = { key: "op:1", burst: 1, intervalMs: 60_000, tokens: ["personal"] };
  const service = { key: "group:bulk", burst: 3, intervalMs: 20_000, tokens: ["service", "robot"] };
  const limits = [every, personal, service];

  test("a token kind gets the limits of every kind and those naming it", () => {
    expect(limitsFor(limits, "personal")).toEqual([every, personal]);
    expect(limitsFor(limits, "robot")).toEqual([every, service]);
    expect(limitsFor(limits, "other")).toEqual([every]);
  });

  test("without a kind every limit applies (the strictest reading)", () => {
    expect(limitsFor(limits, undefined)).toBe(limits);
  });
});
