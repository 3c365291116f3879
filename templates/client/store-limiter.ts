// Client-side rate limits kept in a shared RateLimitStore (`rateLimits({ store })`, or
// `createClient({ rateLimitStore })`): calls in any number of processes that share the store and
// a token share one bucket per operation limit. A caller over the limit sleeps for as long as the
// store says and asks again, cancellable by its signal and never past its timeout. Callers do not
// queue behind each other in this process: when the store fails, each one finds out within its
// own timeout.
import type { RateLimitStore } from "../shared/rate-limit-store.js";
import type { Clock } from "./clock.js";
import { answerCost } from "../shared/error-cost.js";
import { overLimit, type Limit, type LimitedCall } from "./rate-limit.js";
import { bounded } from "./abort.js";

/**
 * Resolves true when the call may send under every limit, false when the store failed and
 * `onStoreError` is "allow" (the call then uses the in-memory limiter). Otherwise ends the call:
 * `rate_limited` in "fail" mode or for a turn beyond its timeout, `network` (the store's error as
 * the cause) for a failing store under "deny"; or rejects with the signal's reason.
 */
export async function takeFromStore(store: RateLimitStore, onStoreError: "allow" | "deny", clock: Clock, limits: readonly Limit[], call: LimitedCall, mode: "wait" | "fail"): Promise<boolean> {
  const { signal, timeoutMs } = call;
  const deadline = timeoutMs > 0 ? clock.now() + timeoutMs : Infinity;
  // The store sees a digest of the token, never the token.
  const id = await digest(call.token);
  for (const limit of limits) {
    for (;;) {
      let allowed: boolean;
      let wait: number;
      try {
        ({ allowed, retryAfterMs: wait } = await bounded(store.take(`${limit.key}:${id}`, limit), signal, deadline - clock.now()));
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (onStoreError === "allow") return false;
        const reason = error instanceof Error ? error.message : `no answer within the call's timeout`;
        return call.fail("network", `rate-limit store failed: ${reason}`, { cause: error });
      }
      if (allowed) break;
      if (mode === "fail" || clock.now() + wait > deadline) overLimit(call, wait);
      await clock.sleep(wait, signal);
    }
  }
  return true;
}

export async function chargeStore(store: RateLimitStore, limits: readonly Limit[], token: string, status: number): Promise<void> {
  const id = await digest(token);
  for (const limit of limits) {
    const extra = Math.min(answerCost(limit.errorCost, status) - 1, limit.burst);
    if (extra < 1) continue;
    try {
      const key = `${limit.key}:${id}`;
      if (!(await store.take(key, limit, extra)).allowed) {
        const left = await store.peek(key, limit);
        if (left > 0) await store.take(key, limit, left);
      }
    } catch {
      // The call has its answer already; the next take reports a failing store.
    }
  }
}

async function digest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(bytes.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
