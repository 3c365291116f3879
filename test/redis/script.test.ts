// The Lua script against the in-memory store: the same decisions on the same (time, key, cost)
// sequences, through both Redis clients, on a real redis-server. Time is driven by the store's
// test-only `now` (the script's fixed-time argument); the last tests use Redis's own TIME.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RateLimitDecision, RateLimitRule } from "../../templates/shared/bucket.js";
import { MemoryRateLimitStore } from "../../templates/shared/memory-rate-limit-store.js";
import { RATE_LIMIT_SCRIPT, redisRateLimitStore } from "../../templates/shared/redis-rate-limit-store.js";
import { CLIENT_KINDS, connect, startRedis, type ConnectedRedis, type RedisServer } from "./support.js";

/** One step: at `at` ms, take `cost` (or peek) from `key`. */
type Step = [at: number, key: string, op: "take" | "peek", cost?: number];

// Intervals of 10 s and more: keys expire in real time, and a table runs in milliseconds.
const BURST3: RateLimitRule = { burst: 3, intervalMs: 10_000 };
const ONE_A_MINUTE: RateLimitRule = { burst: 1, intervalMs: 60_000 };

const TABLES: { name: string; rule: RateLimitRule; steps: Step[] }[] = [
  {
    name: "burst, then one per interval",
    rule: BURST3,
    steps: [
      [0, "a", "take"],
      [0, "a", "take"],
      [0, "a", "peek"],
      [0, "a", "take"],
      [0, "a", "take"],
      [9_999, "a", "take"],
      [10_000, "a", "peek"],
      [10_000, "a", "take"],
      [10_000, "a", "take"],
      [45_000, "a", "peek"],
      [45_000, "a", "take"],
    ],
  },
  {
    name: "keys are independent",
    rule: ONE_A_MINUTE,
    steps: [
      [0, "seller-1", "take"],
      [0, "seller-2", "take"],
      [1, "seller-1", "take"],
      [59_999, "seller-2", "take"],
      [60_000, "seller-1", "take"],
      [60_000, "seller-2", "take"],
    ],
  },
  {
    name: "costs",
    rule: { burst: 5, intervalMs: 10_000 },
    steps: [
      [0, "k", "take", 3],
      [0, "k", "take", 3],
      [0, "k", "take", 2],
      [5_000, "k", "take", 1],
      [10_000, "k", "take", 1],
      [10_000, "k", "take", 6],
      [100_000, "k", "take", 5],
      [100_000, "k", "peek"],
    ],
  },
  {
    name: "a clock going backwards grants nothing",
    rule: { burst: 2, intervalMs: 10_000 },
    steps: [
      [50_000, "k", "take"],
      [50_000, "k", "take"],
      [20_000, "k", "peek"],
      [20_000, "k", "take"],
      [60_000, "k", "take"],
    ],
  },
  {
    name: "keys that need escaping in a hash tag",
    rule: ONE_A_MINUTE,
    steps: [
      [0, '["s}1","op",0]', "take"],
      [0, "{s1}", "take"],
      [0, "%7Bs1%7D", "take"],
      [0, "{s1}", "take"],
      [0, '["s}1","op",0]', "peek"],
    ],
  },
];

/** A seeded sequence over a few keys and two rules, for what the tables do not think of. */
function randomSteps(seed: number, count: number): Step[] {
  let state = seed;
  const next = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const steps: Step[] = [];
  let at = 1_700_000_000_000; // epoch-sized times, as TIME gives
  for (let i = 0; i < count; i++) {
    at += Math.floor(next() * 4_000);
    const key = `k${Math.floor(next() * 4)}`;
    steps.push(next() < 0.2 ? [at, key, "peek"] : [at, key, "take", 1 + Math.floor(next() * 2)]);
  }
  return steps;
}

type Outcome = RateLimitDecision | number;

async function run(steps: Step[], rule: RateLimitRule, store: (now: () => number) => { take: (k: string, r: RateLimitRule, c?: number) => unknown; peek: (k: string, r: RateLimitRule) => unknown }): Promise<Outcome[]> {
  let now = 0;
  const instance = store(() => now);
  const outcomes: Outcome[] = [];
  for (const [at, key, op, cost] of steps) {
    now = at;
    outcomes.push((await (op === "peek" ? instance.peek(key, rule) : instance.take(key, rule, cost))) as Outcome);
  }
  return outcomes;
}

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe.each(CLIENT_KINDS)("the Lua script through %s", (kind) => {
  let connection: ConnectedRedis;
  let prefix = 0;
  beforeAll(async () => {
    connection = await connect(kind, redis.url);
  });
  afterAll(async () => {
    await connection?.close();
  });
  const redisStore = (now: () => number) => redisRateLimitStore(connection.client, { prefix: `table-${kind}-${prefix++}:`, now });
  const memoryStore = (now: () => number) => new MemoryRateLimitStore({ now });

  test.each(TABLES)("decides as the memory store: $name", async ({ rule, steps }) => {
    const expected = await run(steps, rule, memoryStore);
    expect(await run(steps, rule, redisStore)).toEqual(expected);
    // The table is not trivial: it has both answers.
    const allowed = expected.filter((o) => typeof o === "object").map((o) => (o as RateLimitDecision).allowed);
    expect(new Set(allowed)).toEqual(new Set([true, false]));
  });

  test("decides as the memory store on a seeded random sequence", async () => {
    for (const seed of [1, 2, 3]) {
      const steps = randomSteps(seed, 300);
      expect(await run(steps, { burst: 3, intervalMs: 10_000 }, redisStore)).toEqual(await run(steps, { burst: 3, intervalMs: 10_000 }, memoryStore));
    }
  });

  test("the key carries a hash tag and expires when the bucket is full again", async () => {
    const store = redisRateLimitStore(connection.client, { prefix: `ttl-${kind}:` });
    const decision = await store.take('["s1","getDiscrepancies",0]', { burst: 2, intervalMs: 30_000 });
    expect(decision).toMatchObject({ allowed: true, remaining: 1, resetAfterMs: 30_000 });
    const key = `ttl-${kind}:{["s1","getDiscrepancies",0]}`;
    const ttl = Number(await connection.command("PTTL", key));
    expect(ttl).toBeGreaterThan(29_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    await store.take('["s1","getDiscrepancies",0]', { burst: 2, intervalMs: 30_000 });
    expect(Number(await connection.command("PTTL", key))).toBeGreaterThan(59_000);
    // A denied take writes nothing.
    expect(await store.take('["s1","getDiscrepancies",0]', { burst: 2, intervalMs: 30_000 })).toMatchObject({ allowed: false });
    expect(Number(await connection.command("PTTL", key))).toBeLessThanOrEqual(60_000);
    // A peek writes nothing either: no key for a bucket never taken from.
    expect(await store.peek("never-taken", { burst: 2, intervalMs: 30_000 })).toBe(2);
    expect(Number(await connection.command("EXISTS", `ttl-${kind}:{never-taken}`))).toBe(0);
  });

  test("uses Redis's TIME when no test clock is given", async () => {
    const store = redisRateLimitStore(connection.client, { prefix: `time-${kind}:` });
    const rule = { burst: 1, intervalMs: 60_000 };
    expect(await store.take("k", rule)).toMatchObject({ allowed: true, remaining: 0 });
    const denied = await store.take("k", rule);
    expect(denied.allowed).toBe(false);
    // Redis's clock moved by the round trip only.
    expect(denied.retryAfterMs).toBeGreaterThan(59_000);
    expect(denied.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  test("loads the script again after SCRIPT FLUSH (EVALSHA, then EVAL on NOSCRIPT)", async () => {
    const sha = createHash("sha1").update(RATE_LIMIT_SCRIPT).digest("hex");
    const store = redisRateLimitStore(connection.client, { prefix: `flush-${kind}:` });
    const rule = { burst: 5, intervalMs: 60_000 };
    await store.take("k", rule);
    await connection.command("SCRIPT", "FLUSH");
    expect(await connection.command("SCRIPT", "EXISTS", sha)).toEqual([0]);
    expect(await store.take("k", rule)).toMatchObject({ allowed: true, remaining: 3 });
    expect(await connection.command("SCRIPT", "EXISTS", sha)).toEqual([1]);
  });

  test("a script error is the store's error, and onError hears of it", async () => {
    const errors: Error[] = [];
    const store = redisRateLimitStore(connection.client, { prefix: `wrong-${kind}:`, onError: (error) => errors.push(error) });
    await connection.command("LPUSH", "wrong-" + kind + ":{list}", "x");
    await expect(store.take("list", ONE_A_MINUTE)).rejects.toThrow(/rate-limit store \(Redis\) failed: .*WRONGTYPE/);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.name).toBe("RateLimitStoreError");
  });
});

test("refuses what is neither a node-redis nor an ioredis client", () => {
  expect(() => redisRateLimitStore({} as never)).toThrow(/expected a node-redis 5 or ioredis client/);
});
