// The in-memory rate-limit store: the default of the client and the server, for one process.
// A bucket that is full again behaves exactly like a missing one, so it is dropped. Dropping is
// incremental: each take looks at the next two buckets of a cursor that goes round the map, so a
// request costs the same with ten buckets or a million, and no bucket outlives one round.
import { checkCost, peekBucket, takeFromBucket, type RateLimitDecision, type RateLimitRule } from "./bucket.js";
import type { RateLimitStore } from "./rate-limit-store.js";

export interface MemoryRateLimitStoreOptions {
  /** The store's clock, in milliseconds since the epoch. Default: `Date.now`. */
  now?: (() => number) | undefined;
}

/** Buckets looked at per take: more than the one a take can add, so the cursor always finishes its round. */
const SWEEP_STEP = 2;

export class MemoryRateLimitStore implements RateLimitStore {
  /** Theoretical arrival time per key (see bucket.ts). */
  readonly #buckets = new Map<string, number>();
  readonly #now: () => number;
  #cursor: Iterator<[string, number]> | undefined;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** Buckets held (full ones may linger until the sweep passes them). */
  get size(): number {
    return this.#buckets.size;
  }

  take(key: string, rule: RateLimitRule, cost = 1): RateLimitDecision {
    checkCost(cost);
    const now = this.#now();
    const { decision, tat } = takeFromBucket(this.#buckets.get(key), rule, now, cost);
    if (decision.allowed) this.#buckets.set(key, tat);
    this.#sweep(now);
    return decision;
  }

  peek(key: string, rule: RateLimitRule): number {
    return peekBucket(this.#buckets.get(key), rule, this.#now());
  }

  #sweep(now: number): void {
    for (let step = 0; step < SWEEP_STEP; step++) {
      // A Map iterator stays valid while entries are added and deleted; a finished one starts a new round.
      this.#cursor ??= this.#buckets.entries();
      const next = this.#cursor.next();
      if (next.done) {
        this.#cursor = undefined;
        return;
      }
      const [key, tat] = next.value;
      if (tat <= now) this.#buckets.delete(key);
    }
  }
}
