// Client-side rate limits kept in a shared RateLimitStore (`createClient({ rateLimitStore })`):
// calls in any number of processes that share the store and a token share one bucket per
// operation limit. A caller over the limit sleeps for as long as the store says and asks again,
// cancellable by its signal and never past its timeout. Callers do not queue behind each other in
// this process: when the store fails, each one finds out within its own timeout.
import type { RateLimitDecision, RateLimitRule } from "../shared/bucket.js";
import type { RateLimitStore } from "../shared/rate-limit-store.js";
import type { Clock } from "./clock.js";
import { RateLimitedLocally, type Limit } from "./rate-limit.js";

/** The store failed and `onStoreError` is "deny"; the store's error is the cause. */
export class StoreFailed extends Error {
  constructor(cause: unknown) {
    super(`rate-limit store failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Ends a wait when the call's timeout comes first. */
class DeadlinePassed extends Error {}

export class StoreLimiter {
  readonly #store: RateLimitStore;
  readonly #clock: Clock;
  readonly #onStoreError: "allow" | "deny";
  #lastToken: { token: string; id: Promise<string> } | undefined;

  constructor(store: RateLimitStore, clock: Clock, onStoreError: "allow" | "deny") {
    this.#store = store;
    this.#clock = clock;
    this.#onStoreError = onStoreError;
  }

  /**
   * Resolves true when the caller may send under every limit, false when the store failed and
   * `onStoreError` is "allow" (the caller then uses its in-memory limiter). Throws
   * RateLimitedLocally ("fail" mode, or a turn beyond the timeout), StoreFailed, or the signal's reason.
   */
  async acquire(limits: readonly Limit[], token: string, mode: "wait" | "fail", signal: AbortSignal | undefined, timeoutMs: number): Promise<boolean> {
    const deadline = timeoutMs > 0 && Number.isFinite(timeoutMs) ? this.#clock.now() + timeoutMs : Number.POSITIVE_INFINITY;
    const id = await this.#tokenId(token);
    for (const limit of limits) {
      // The store sees a digest of the token, never the token.
      const key = `${limit.key}:${id}`;
      const rule = { burst: limit.burst, intervalMs: limit.intervalMs };
      if (!(await this.#takeTurn(key, rule, mode, signal, deadline))) return false;
    }
    return true;
  }

  async #takeTurn(key: string, rule: RateLimitRule, mode: "wait" | "fail", signal: AbortSignal | undefined, deadline: number): Promise<boolean> {
    for (;;) {
      const decision = await this.#take(key, rule, signal, deadline);
      if (decision === undefined) return false;
      if (decision.allowed) return true;
      const wait = decision.retryAfterMs;
      if (mode === "fail" || this.#clock.now() + wait > deadline) throw new RateLimitedLocally(wait);
      await this.#clock.sleep(wait, signal);
    }
  }

  /** One take, bounded by the signal and the deadline; undefined when the store failed and failures are allowed. */
  async #take(key: string, rule: RateLimitRule, signal: AbortSignal | undefined, deadline: number): Promise<RateLimitDecision | undefined> {
    try {
      return await bounded(Promise.resolve().then(() => this.#store.take(key, rule)), signal, deadline - this.#clock.now());
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (this.#onStoreError === "deny") throw new StoreFailed(error instanceof DeadlinePassed ? new Error("no answer within the call's timeout") : error);
      return undefined;
    }
  }

  #tokenId(token: string): Promise<string> {
    if (this.#lastToken?.token !== token) this.#lastToken = { token, id: digest(token) };
    return this.#lastToken.id;
  }
}

async function digest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(bytes.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `promise`, unless the signal aborts first (its reason) or `ms` pass first (DeadlinePassed; an answer already there wins). */
function bounded<T>(promise: Promise<T>, signal: AbortSignal | undefined, ms: number): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (!signal && !Number.isFinite(ms)) return promise;
  return new Promise<T>((resolve, reject) => {
    const finish = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = (): void => {
      finish();
      reject(signal?.reason);
    };
    const timer = Number.isFinite(ms) ? setTimeout(() => (finish(), reject(new DeadlinePassed())), Math.max(0, ms)) : undefined;
    signal?.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => (finish(), resolve(value)),
      (error: unknown) => (finish(), reject(error)),
    );
  });
}
