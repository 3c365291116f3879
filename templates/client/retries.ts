// The `retries()` feature: 429, 5xx and network errors are sent again after capped exponential
// backoff with jitter, or after the wait the server asks for.
import { systemClock } from "./clock.js";
import type { TransportFeature } from "./feature.js";
import { attemptsOf, backoffDelay, isRetryableStatus, mayRetry, serverRetryDelay, type RetryOptions } from "./retry.js";

/**
 * Retries of 429, 5xx and network errors: of GET, HEAD, OPTIONS and operations the catalogue
 * marks idempotent (others with `unsafeMethods`). A wait the server asks for that is longer than
 * `maxRetryAfterMs` or the call's timeout ends the call with that response's error; backoff never
 * waits longer than the timeout; the call's signal ends any wait.
 */
export function retries(options?: RetryOptions): TransportFeature {
  const { maxAttempts: attempts, baseDelayMs = 500, maxDelayMs = 8000, maxRetryAfterMs = 60_000, unsafeMethods } = options || {};
  const maxAttempts = attemptsOf(attempts);
  return {
    async retry(call, _error, response) {
      const { operation, timeoutMs, attempt } = call;
      const clock = call.clock ?? systemClock;
      if (!call.resendable || attempt >= maxAttempts || !mayRetry(operation.method, operation.idempotent, unsafeMethods)) return false;
      // No retry waits longer than one attempt may take.
      const longestWait = timeoutMs > 0 ? Math.min(timeoutMs, maxRetryAfterMs) : maxRetryAfterMs;
      let wait = Math.min(backoffDelay(attempt, baseDelayMs, maxDelayMs, clock.random()), longestWait);
      call.serverPaced = false;
      if (response) {
        if (!isRetryableStatus(response.status)) return false;
        const hinted = serverRetryDelay(response.headers, clock.now());
        if (hinted !== undefined) {
          if (hinted > longestWait) return false;
          wait = hinted;
          // After a 429 that says when to retry, the server's word replaces the local bucket's estimate.
          call.serverPaced = response.status === 429;
        }
      }
      await clock.sleep(wait, call.signal);
      return true;
    },
  };
}
