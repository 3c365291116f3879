import { describe, expect, test } from "vitest";
import { MemoryRateLimitStore } from "../shared/memory-rate-limit-store.js";
import type { RateLimitStore } from "../shared/rate-limit-store.js";
import type { Clock } from "./clock.js";
import type { LimitedCall } from "./rate-limit.js";
import { takeFromStore } from "./store-limiter.js";

/** An error a test call ends with: the kind and extra fields `call.fail` was given. */
class Ended extends Error {
  constructor(
    readonly kind: string,
    detail: string,
    readonly extra: { retryAfterMs?: number; cause?: unknown },
  ) {
    super(detail);
  }
}

function manualClock() {
  let time = 1_000_000;
  const sleepers: { until: number; resolve: () => void }[] = [];
  const clock: Clock = {
    now: () => time,
    random: () => 0,
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const sleeper = { until: time + ms, resolve };
        sleepers.push(sleeper);
        signal?.addEventListener("abort", () => {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          reject(signal.reason);
        });
      }),
  };
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const advance = async (ms: number) => {
    time += ms;
    for (const s of sleepers.filter((s) => s.until <= time)) {
      sleepers.splice(sleepers.indexOf(s), 1);
      s.resolve();
    }
    await settle();
  };
  return { clock, advance, settle };
}

/** The function as a limiter object, for readable tests. */
function limiter(store: RateLimitStore, clock: Clock, onStoreError: "allow" | "deny") {
  return {
    acquire: (limits: typeof LIMITS, token: string, mode: "wait" | "fail", signal: AbortSignal | undefined, timeoutMs: number) =>
      takeFromStore(store, onStoreError, clock, limits, callOf(token, signal, timeoutMs), mode),
  };
}

function callOf(token: string, signal: AbortSignal | undefined, timeoutMs: number): LimitedCall {
  return { token, signal, timeoutMs, fail: (kind, detail, extra) => { throw new Ended(kind, detail, extra); } };
}

const LIMITS = [{ key: "getOrder:0", burst: 2, intervalMs: 500 }];
const TOKEN = "secret-token-value";

function setUp() {
  const { clock, advance, settle } = manualClock();
  const keys: string[] = [];
  const memory = new MemoryRateLimitStore({ now: clock.now });
  const store: RateLimitStore = {
    take: (key, rule, cost) => (keys.push(key), memory.take(key, rule, cost)),
    peek: (key, rule) => memory.peek(key, rule),
  };
  return { clock, advance, settle, store, keys };
}

describe("takeFromStore", () => {
  test("limiters sharing a store and a token share one bucket; a caller over it sleeps until its turn", async () => {
    const { clock, advance, settle, store } = setUp();
    const a = limiter(store, clock, "allow");
    const b = limiter(store, clock, "allow");
    expect(await a.acquire(LIMITS, TOKEN, "wait", undefined, 30_000)).toBe(true);
    expect(await b.acquire(LIMITS, TOKEN, "wait", undefined, 30_000)).toBe(true);
    let done = false;
    void b.acquire(LIMITS, TOKEN, "wait", undefined, 30_000).then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    await advance(499);
    expect(done).toBe(false);
    await advance(1);
    expect(done).toBe(true);
    // Another token has its own bucket.
    expect(await a.acquire(LIMITS, "other-token", "fail", undefined, 30_000)).toBe(true);
  });

  test('"fail" mode and a turn past the timeout end at once with the wait', async () => {
    const { clock, store } = setUp();
    const shared = limiter(store, clock, "allow");
    await shared.acquire(LIMITS, TOKEN, "wait", undefined, 0);
    await shared.acquire(LIMITS, TOKEN, "wait", undefined, 0);
    await expect(shared.acquire(LIMITS, TOKEN, "fail", undefined, 0)).rejects.toMatchObject({ kind: "rate_limited", extra: { retryAfterMs: 500 } });
    const late = shared.acquire(LIMITS, TOKEN, "wait", undefined, 499);
    await expect(late).rejects.toMatchObject({ kind: "rate_limited" });
  });

  test("a sleeping caller ends when its signal aborts", async () => {
    const { clock, settle, store } = setUp();
    const shared = limiter(store, clock, "allow");
    await shared.acquire(LIMITS, TOKEN, "wait", undefined, 0);
    await shared.acquire(LIMITS, TOKEN, "wait", undefined, 0);
    const controller = new AbortController();
    const waiting = shared.acquire(LIMITS, TOKEN, "wait", controller.signal, 0);
    await settle();
    controller.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
  });

  test('a failing store: "allow" hands over to the in-memory limiter, "deny" fails with the cause', async () => {
    const { clock } = setUp();
    const broken: RateLimitStore = {
      take: () => Promise.reject(new Error("connection refused")),
      peek: () => 0,
    };
    expect(await limiter(broken, clock, "allow").acquire(LIMITS, TOKEN, "wait", undefined, 0)).toBe(false);
    const denied = limiter(broken, clock, "deny").acquire(LIMITS, TOKEN, "wait", undefined, 0);
    await expect(denied).rejects.toMatchObject({ kind: "network" });
    expect(((await denied.catch((e: unknown) => e)) as Ended).extra.cause).toEqual(new Error("connection refused"));
    await expect(denied).rejects.toThrow("rate-limit store failed: connection refused");
  });

  test("a store that never answers is given up at the call's timeout", async () => {
    const { clock } = setUp();
    const silent: RateLimitStore = { take: () => new Promise(() => undefined), peek: () => 0 };
    const started = Date.now();
    await expect(limiter(silent, clock, "deny").acquire(LIMITS, TOKEN, "wait", undefined, 50)).rejects.toThrow(/within the call's timeout/);
    expect(await limiter(silent, clock, "allow").acquire(LIMITS, TOKEN, "wait", undefined, 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test("the store sees a digest of the token, never the token", async () => {
    const { clock, store, keys } = setUp();
    await limiter(store, clock, "allow").acquire(LIMITS, TOKEN, "wait", undefined, 0);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^getOrder:0:[0-9a-f]{32}$/);
    expect(keys[0]).not.toContain(TOKEN);
  });
});
