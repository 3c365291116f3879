// Client-side rate limiting from the catalogue's limits: one token bucket per (operation
// limit or limit group, token). Callers over the limit wait in order, or fail at once in "fail" mode.
import { takeFromBucket, type RateLimitRule } from "../shared/bucket.js";
import { onAbort } from "./abort.js";
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

/** The requests an answer of `status` spends under `limit`: a listed status wins over its class; 1 when neither is listed. */
export function answerCost(limit: Pick<Limit, "errorCost">, status: number): number {
  const costs = limit.errorCost;
  if (!costs) return 1;
  const text = String(status);
  return costs[text] ?? costs[`${text.charAt(0)}XX`] ?? 1;
}

/**
 * The limits that apply to a call with a token of `tokenKind`. Without a kind every limit applies
 * (those of each kind too): the strictest reading, never more requests than the server allows.
 */
export function limitsFor(limits: readonly Limit[], tokenKind: string | undefined): readonly Limit[] {
  if (tokenKind === undefined) return limits;
  return limits.filter((limit) => !limit.tokens || limit.tokens.includes(tokenKind));
}

/** A token bucket (the arithmetic the server uses too). Pure: the time is passed in, nothing is scheduled. */
export class TokenBucket {
  readonly #rule: RateLimitRule;
  /** Theoretical arrival time of the next request; undefined: the bucket is full. */
  #tat: number | undefined;

  constructor(burst: number, intervalMs: number) {
    this.#rule = { burst, intervalMs };
  }

  /** Takes a token when one is there and returns 0; otherwise takes nothing and returns the ms until one is. */
  take(now: number): number {
    const { decision, tat } = takeFromBucket(this.#tat, this.#rule, now);
    if (!decision.allowed) return decision.retryAfterMs;
    this.#tat = tat;
    return 0;
  }

  /**
   * Spends `cost` more requests' budget whether or not the bucket holds them (an answer that cost
   * more than its request): the next requests wait until the budget is back. Never less strict than
   * the server, which takes at most what is left.
   */
  charge(now: number, cost: number): void {
    this.#tat = Math.max(this.#tat ?? now, now) + cost * this.#rule.intervalMs;
  }

  /** True when the bucket is full at `now`: it is then the same as a new one. */
  isFull(now: number): boolean {
    return this.#tat === undefined || this.#tat <= now;
  }
}

/** Thrown by `RateLimiter.acquire` in "fail" mode. */
export class RateLimitedLocally extends Error {
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super("rate limit reached");
    this.retryAfterMs = retryAfterMs;
  }
}

interface Lane {
  bucket: TokenBucket;
  /** Settles when the last caller in line has its token (or gave up and its predecessor is done). */
  tail: Promise<void>;
  /** Callers in line, the one sleeping for its token included. */
  waiting: number;
}

export class RateLimiter {
  readonly #lanes = new Map<string, Lane>();
  readonly #clock: Clock;
  /** Lanes are swept when their number doubles since the last sweep: constant work per call on average. */
  #sweepAt = 64;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /**
   * Resolves when the caller may send a request under every limit. In "wait" mode callers queue in
   * order of arrival; `signal` takes a caller out of the queue. In "fail" mode a call over any
   * limit throws RateLimitedLocally at once.
   */
  async acquire(limits: readonly Limit[], token: string, mode: "wait" | "fail", signal?: AbortSignal): Promise<void> {
    for (const limit of limits) {
      const lane = this.#lane(limit, token);
      if (mode === "fail") {
        const wait = lane.bucket.take(this.#clock.now());
        if (wait > 0) throw new RateLimitedLocally(wait);
        continue;
      }
      await this.#waitInLane(lane, signal);
    }
  }

  /** Charges what an answer of `status` costs beyond its request to each limit's bucket of `token`. */
  charge(limits: readonly Limit[], token: string, status: number): void {
    for (const limit of limits) {
      const extra = answerCost(limit, status) - 1;
      if (extra > 0) this.#lane(limit, token).bucket.charge(this.#clock.now(), extra);
    }
  }

  async #waitInLane(lane: Lane, signal?: AbortSignal): Promise<void> {
    const before = lane.tail;
    let done!: () => void;
    lane.tail = new Promise<void>((resolve) => (done = resolve));
    lane.waiting++;
    try {
      await untilSettledOrAborted(before, signal);
      for (let wait = lane.bucket.take(this.#clock.now()); wait > 0; wait = lane.bucket.take(this.#clock.now())) {
        await this.#clock.sleep(wait, signal);
      }
    } finally {
      lane.waiting--;
      // The next in line goes only after everyone before it: order holds even when one gives up.
      void before.then(done);
    }
  }

  #lane(limit: Limit, token: string): Lane {
    // The token is only a key of this in-memory map; it is never logged or exposed.
    const key = `${limit.key}\u0000${token}`;
    let lane = this.#lanes.get(key);
    if (!lane) {
      if (this.#lanes.size >= this.#sweepAt) this.#sweep();
      lane = { bucket: new TokenBucket(limit.burst, limit.intervalMs), tail: Promise.resolve(), waiting: 0 };
      this.#lanes.set(key, lane);
    }
    return lane;
  }

  /** Drops idle lanes (full bucket, nobody in line): a new lane would be the same (rotating tokens leave many). */
  #sweep(): void {
    const now = this.#clock.now();
    for (const [key, lane] of this.#lanes) if (lane.waiting === 0 && lane.bucket.isFull(now)) this.#lanes.delete(key);
    this.#sweepAt = Math.max(64, 2 * this.#lanes.size);
  }

  /** Lanes held (tests). */
  get size(): number {
    return this.#lanes.size;
  }
}

function untilSettledOrAborted(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise;
  return new Promise<void>((resolve, reject) => {
    const cancel = onAbort(signal, () => reject(signal.reason));
    void promise.then(() => {
      cancel();
      resolve();
    });
  });
}
