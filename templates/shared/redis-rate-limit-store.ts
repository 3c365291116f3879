// A rate-limit store in Redis (or Redis Cluster, Valkey), shared by any number of processes and
// machines. The bucket arithmetic of bucket.ts runs inside Redis as one Lua script, so each take is
// atomic, and time is Redis's own (TIME), so instances with skewed clocks agree. A bucket's key
// expires when the bucket is full again; each key carries a hash tag (`{...}`) for Redis Cluster.
//
// `redis` is your own connected client, node-redis 5 or ioredis, told apart by shape; nothing here
// imports either (the generated code has no runtime dependencies).
import { checkCost, type RateLimitDecision, type RateLimitRule } from "./bucket.js";
import type { RateLimitStore } from "./rate-limit-store.js";

/** A node-redis 5 client (`evalSha(sha, { keys, arguments })`) or an ioredis client (`evalsha(sha, numKeys, ...args)`), cluster clients too. */
export type RedisClientLike =
  | { evalSha(...args: never[]): unknown; eval(...args: never[]): unknown }
  | { evalsha(...args: never[]): unknown; eval(...args: never[]): unknown };

export interface RedisRateLimitStoreOptions {
  /** Prefix of every bucket key. Default: `catalogen:rate-limit:`. */
  prefix?: string | undefined;
  /** A take or peek that has no answer from Redis within this many ms fails. Default: 1000. */
  timeoutMs?: number | undefined;
  /** Called with every failure (Redis unreachable, slow, script error) before it is thrown. */
  onError?: ((error: Error) => void) | undefined;
  /** Tests only: the time in ms that the script uses instead of Redis's TIME. */
  now?: (() => number) | undefined;
}

/**
 * KEYS[1]: the bucket. ARGV: burst, interval (ms), cost (0: peek), now in ms ("": Redis's TIME).
 * Returns { allowed (0/1), remaining, retry after ms, reset after ms }, or the count for a peek.
 * The same arithmetic as takeFromBucket and peekBucket in bucket.ts.
 */
export const RATE_LIMIT_SCRIPT = `local burst = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
if not now then
  if redis.replicate_commands then redis.replicate_commands() end
  local time = redis.call("TIME")
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local start = tonumber(redis.call("GET", KEYS[1])) or now
if start < now then start = now end
local capacity = burst * interval
if cost == 0 then
  return math.min(burst, math.max(0, math.floor((capacity - (start - now)) / interval)))
end
local tat = start + cost * interval
if tat - now > capacity then
  return {0, 0, tat - now - capacity, start - now}
end
redis.call("SET", KEYS[1], tat, "PX", tat - now)
return {1, math.floor((capacity - (tat - now)) / interval), 0, tat - now}
`;

const DEFAULT_PREFIX = "catalogen:rate-limit:";
const DEFAULT_TIMEOUT_MS = 1000;

/** Buckets kept in Redis: `take` and `peek` run one Lua script each (EVALSHA, EVAL when Redis lacks it). */
export function redisRateLimitStore(redis: RedisClientLike, options: RedisRateLimitStoreOptions = {}): RateLimitStore {
  const run = scriptRunner(redis);
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(key: string, rule: RateLimitRule, cost: number): Promise<unknown> {
    const args = [String(rule.burst), String(rule.intervalMs), String(cost), options.now ? String(options.now()) : ""];
    try {
      return await withTimeout(run(redisKey(prefix, key), args), timeoutMs);
    } catch (error) {
      throw report(storeError(error));
    }
  }

  function report(error: Error): Error {
    try {
      options.onError?.(error);
    } catch {
      // A failing hook must not change the outcome.
    }
    return error;
  }

  return {
    async take(key: string, rule: RateLimitRule, cost = 1): Promise<RateLimitDecision> {
      checkCost(cost);
      const reply = await call(key, rule, cost);
      const values = Array.isArray(reply) ? reply.map(Number) : [];
      if (values.length !== 4 || !values.every(Number.isFinite)) throw report(new RateLimitStoreError("Redis gave an unexpected reply to the rate-limit script"));
      const [allowed, remaining, retryAfterMs, resetAfterMs] = values as [number, number, number, number];
      return { allowed: allowed === 1, remaining, retryAfterMs, resetAfterMs };
    },
    async peek(key: string, rule: RateLimitRule): Promise<number> {
      const count = Number(await call(key, rule, 0));
      if (!Number.isFinite(count)) throw report(new RateLimitStoreError("Redis gave an unexpected reply to the rate-limit script"));
      return count;
    },
  };
}

/** A failure of the store (Redis unreachable, slow, script error); the reason is in `cause`. */
export class RateLimitStoreError extends Error {
  override name = "RateLimitStoreError";
}

/** `<prefix>{<key>}`: the braces make the whole bucket key the hash tag; braces inside it are escaped so they cannot end it early. */
function redisKey(prefix: string, key: string): string {
  return `${prefix}{${key.replace(/[%{}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}}`;
}

type Runner = (key: string, args: string[]) => Promise<unknown>;

function scriptRunner(redis: RedisClientLike): Runner {
  const client = redis as unknown as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>;
  let evalSha: (sha: string, key: string, args: string[]) => Promise<unknown>;
  let evalScript: (key: string, args: string[]) => Promise<unknown>;
  if (typeof client["evalSha"] === "function") {
    // node-redis 5
    evalSha = (sha, key, args) => client["evalSha"]!(sha, { keys: [key], arguments: args });
    evalScript = (key, args) => client["eval"]!(RATE_LIMIT_SCRIPT, { keys: [key], arguments: args });
  } else if (typeof client["evalsha"] === "function") {
    // ioredis
    evalSha = (sha, key, args) => client["evalsha"]!(sha, 1, key, ...args);
    evalScript = (key, args) => client["eval"]!(RATE_LIMIT_SCRIPT, 1, key, ...args);
  } else {
    throw new TypeError("redisRateLimitStore: expected a node-redis 5 or ioredis client (one with evalSha or evalsha)");
  }
  let sha: Promise<string | undefined> | undefined;
  return async (key, args) => {
    sha ??= sha1Hex(RATE_LIMIT_SCRIPT).catch(() => undefined);
    const known = await sha;
    if (known === undefined) return evalScript(key, args);
    try {
      return await evalSha(known, key, args);
    } catch (error) {
      // A Redis restarted or failed over has an empty script cache: EVAL loads the script again.
      if (!String((error as Error | undefined)?.message).startsWith("NOSCRIPT")) throw error;
      return evalScript(key, args);
    }
  };
}

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function storeError(error: unknown): Error {
  if (error instanceof RateLimitStoreError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new RateLimitStoreError(`rate-limit store (Redis) failed: ${reason}`, { cause: error });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  if (!(ms > 0) || !Number.isFinite(ms)) return promise;
  promise.catch(() => undefined); // settles after the timeout: nobody is listening any more
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RateLimitStoreError(`no answer from Redis within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
