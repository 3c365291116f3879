// Client-side rate limiting from the catalogue's limits: one token bucket per (operation
// limit or limit group, token). Callers over the limit wait in order, or fail at once in "fail" mode.
import { bucketStep, type RateLimitRule } from "../shared/bucket.js";
import { answerCost } from "../shared/error-cost.js";
import { bounded } from "./abort.js";
import type { Clock } from "./clock.js";

/** One limit of an operation, as the generated code states it. */
export interface Limit {
  /** Identity of the budget: calls sharing a key share a bucket (with the same token). */
  readonly key: string;
  /** Requests that may go at once: the bucket's size. */
  readonly burst: number;
  /** One request's worth of budget comes back every interval. */
  readonly intervalMs: number;
  /** The token kinds the limit applies to; absent: every kind. */
  readonly tokens?: readonly string[];
  /** Requests an answer of a status or class (`4XX`) spends instead of one; absent: one each. */
  readonly errorCost?: Readonly<Record<string, number>>;
}


/**
 * The limits that apply to a call with a token of `tokenKind`. Without a kind every limit applies
 * (those of each kind too): the strictest reading, never more requests than the server allows.
 */
export function limitsFor(limits: readonly Limit[], tokenKind: string | undefined): readonly Limit[] {
  if (tokenKind === undefined) return limits;
  return limits.filter((limit) => !limit.tokens || limit.tokens.includes(tokenKind));
}

/** A token bucket (the arithmetic the server uses too), one number kept: the theoretical arrival time of the next request. */
export interface Bucket {
  readonly rule: RateLimitRule;
  /** undefined: the bucket is full. */
  tat?: number | undefined;
}

/** Takes a token when one is there and returns 0; otherwise takes nothing and returns the ms until one is. */
export function takeToken(bucket: Bucket, now: number): number {
  const [, next, over] = bucketStep(bucket.tat, bucket.rule, now);
  if (over > 0) return over;
  bucket.tat = next;
  return 0;
}

/** What the limiters use of a call (feature.ts's Call): its token, its signal, its timeout, and how to end it. */
export interface LimitedCall {
  readonly token: string;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  fail(kind: "rate_limited" | "network", detail: string, extra: { retryAfterMs?: number; cause?: unknown }): never;
}

/** Ends a call over its limit as `rate_limited`, saying when the next request may go. */
export function overLimit(call: LimitedCall, retryAfterMs: number): never {
  return call.fail("rate_limited", `rate limit of the operation reached; next request possible in ${retryAfterMs} ms`, { retryAfterMs });
}

/** One (limit, token)'s bucket and the callers waiting for it. */
interface Lane extends Bucket {
  /** Settles when the last caller in line has its token (or gave up and its predecessor is done). */
  tail: Promise<void>;
  /** Callers in line, the one sleeping for its token included. */
  waiting: number;
}

/** The in-memory limiter of one `rateLimits()` feature: a lane per (limit key, token). */
export interface RateLimiter {
  /**
   * Resolves when the call may send a request under every limit. In "wait" mode callers queue in
   * order of arrival; the call's signal takes it out of the queue. In "fail" mode a call over any
   * limit ends at once (overLimit).
   */
  acquire(limits: readonly Limit[], call: LimitedCall, mode: "wait" | "fail"): Promise<void>;
  /**
   * Charges what an answer of `status` costs beyond its request to each limit's bucket of `token`,
   * whether or not the bucket holds it: the next requests wait until the budget is back. Never less
   * strict than the server, which takes at most what is left.
   */
  charge(limits: readonly Limit[], token: string, status: number): void;
  /** Lanes held (tests). */
  readonly size: number;
}

/** A limiter on `clock` (closures rather than a class: its inner names then shrink in a bundle). */
export function rateLimiter(clock: Clock): RateLimiter {
  const lanes = new Map<string, Lane>();
  // Lanes are swept when their number doubles since the last sweep: constant work per call on average.
  let sweepAt = 64;
  const laneOf = (limit: Limit, token: string): Lane => {
    // The token is only a key of this in-memory map; it is never logged or exposed.
    const key = `${limit.key}\u0000${token}`;
    let lane = lanes.get(key);
    if (!lane) {
      if (lanes.size >= sweepAt) {
        // Idle lanes (full bucket, nobody in line) go: a new lane would be the same (rotating tokens leave many).
        const now = clock.now();
        for (const [old, idle] of lanes) if (!idle.waiting && !(idle.tat! > now)) lanes.delete(old);
        sweepAt = Math.max(64, 2 * lanes.size);
      }
      lanes.set(key, (lane = { rule: limit, tail: Promise.resolve(), waiting: 0 }));
    }
    return lane;
  };
  return {
    async acquire(limits, call, mode) {
      const { signal } = call;
      for (const limit of limits) {
        const lane = laneOf(limit, call.token);
        // In "fail" mode nobody sleeps in line, so a turn comes at once and a call over the limit ends.
        const before = lane.tail;
        let done!: () => void;
        lane.tail = new Promise<void>((resolve) => (done = resolve));
        lane.waiting++;
        try {
          await bounded(before, signal);
          for (let wait; (wait = takeToken(lane, clock.now())) > 0; ) {
            if (mode === "fail") overLimit(call, wait);
            await clock.sleep(wait, signal);
          }
        } finally {
          lane.waiting--;
          // The next in line goes only after everyone before it: order holds even when one gives up.
          void before.then(done);
        }
      }
    },
    charge(limits, token, status) {
      for (const limit of limits) {
        const extra = answerCost(limit.errorCost, status) - 1;
        if (extra > 0) {
          const now = clock.now();
          const lane = laneOf(limit, token);
          lane.tat = Math.max(lane.tat ?? now, now) + extra * lane.rule.intervalMs;
        }
      }
    },
    get size() {
      return lanes.size;
    },
  };
}
