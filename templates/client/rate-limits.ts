// The `rateLimits()` feature: calls kept within the catalogue's rate limits, in this client's
// memory or in a shared RateLimitStore.
import type { RateLimitStore } from "../shared/rate-limit-store.js";
import { systemClock, type Clock } from "./clock.js";
import type { Call, TransportFeature } from "./feature.js";
import { limitsFor, rateLimiter, type RateLimiter, type Limit } from "./rate-limit.js";
import { chargeStore, takeFromStore } from "./store-limiter.js";

export interface RateLimitOptions {
  /**
   * `"wait"` (default): a call over the limit waits its turn, in order, cancellable by its
   * signal; `"fail"`: it ends at once with a `rate_limited` ApiError.
   */
  mode?: "wait" | "fail" | undefined;
  /**
   * Where the buckets live (default: the memory of this feature, shared by the transports it is
   * given to). A shared store, e.g. `redisRateLimitStore(redis)`, keeps calls of every process with
   * the same token within the limit; a wait for a turn there is bounded by the call's timeout.
   */
  store?: RateLimitStore | undefined;
  /**
   * When `store` fails (unreachable, too slow, script error): `"allow"` (default) goes on under the
   * in-memory bucket; `"deny"` fails the call (`network`, the store's error as `cause`).
   */
  onStoreError?: "allow" | "deny" | undefined;
  /**
   * The kind of this client's token (one of the catalogue's token kinds): limits for other kinds
   * are skipped. Absent: every limit applies, those of each kind too (the strictest reading).
   */
  tokenKind?: string | undefined;
  /**
   * Milliseconds added to each limit's interval (default 0). The server counts a request when it
   * arrives, and network delays vary: a request sent on time may arrive less than an interval
   * after the one before it. A margin above that variation (tens of ms on a busy host) keeps the
   * server from ever answering 429, at a slightly lower rate.
   */
  marginMs?: number | undefined;
}

/** Client-side rate limits from the catalogue (operations without documented limits are not limited). */
export function rateLimits(options: RateLimitOptions = {}): TransportFeature {
  const mode = options.mode ?? "wait";
  const { store, tokenKind, marginMs = 0 } = options;
  let limiter: RateLimiter | undefined;
  // The call's limits for this token kind, with the margin, and the limiter (made on the first call's clock).
  // A tuple rather than an object: its positions shrink in a bundle, property names do not.
  const prepare = (call: Call, limits: readonly Limit[]): [Clock, RateLimiter, Limit[]] => {
    const clock = call.clock ?? systemClock;
    limiter ??= rateLimiter(clock);
    return [clock, limiter, limitsFor(limits, tokenKind).map((limit) => (marginMs > 0 ? { ...limit, intervalMs: limit.intervalMs + marginMs } : limit))];
  };
  return {
    async beforeAttempt(call) {
      if (!call.operation.limits || call.serverPaced) return;
      const [clock, limiter, limits] = prepare(call, call.operation.limits);
      if (!store || !(await takeFromStore(store, options.onStoreError ?? "allow", clock, limits, call, mode))) await limiter.acquire(limits, call, mode);
    },
    async afterResponse(call, status) {
      if (!call.operation.limits?.some((limit) => limit.errorCost) || status < 400) return;
      const [, limiter, limits] = prepare(call, call.operation.limits);
      limiter.charge(limits, call.token, status);
      if (store) await chargeStore(store, limits, call.token, status);
    },
  };
}
