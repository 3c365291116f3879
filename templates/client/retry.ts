// When to retry and how long to wait first.

export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 means no retry). */
  maxAttempts?: number | undefined;
  /** Backoff before the first retry (default 500 ms); it doubles on each further retry. */
  baseDelayMs?: number | undefined;
  /** Largest backoff (default 8000 ms). */
  maxDelayMs?: number | undefined;
  /**
   * Longest wait the server may ask for (X-Ratelimit-Retry, Retry-After, X-Ratelimit-Reset) that
   * the client honours by waiting; a longer one ends the call with the 429 (default 60000 ms).
   */
  maxRetryAfterMs?: number | undefined;
  /**
   * Also retry operations whose method is not safe (POST, PUT, PATCH, DELETE) and that the
   * catalogue does not mark idempotent (default false: such a request is sent once).
   */
  unsafeMethods?: boolean | undefined;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  unsafeMethods: boolean;
}

export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  const o = options || {};
  return {
    maxAttempts: options === false ? 1 : Math.max(1, Math.floor(o.maxAttempts ?? 3)),
    baseDelayMs: o.baseDelayMs ?? 500,
    maxDelayMs: o.maxDelayMs ?? 8000,
    maxRetryAfterMs: o.maxRetryAfterMs ?? 60_000,
    unsafeMethods: o.unsafeMethods ?? false,
  };
}

/** GET, HEAD and OPTIONS are safe; other methods only when the catalogue marks the operation idempotent. */
export function mayRetry(method: string, idempotent: boolean, policy: RetryPolicy): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS" || idempotent || policy.unsafeMethods;
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * The wait the server asks for, in ms: `X-Ratelimit-Retry` (seconds), else `Retry-After`
 * (seconds or an HTTP date), else `X-Ratelimit-Reset` (seconds, or an epoch time in seconds).
 */
export function serverRetryDelay(headers: Headers, now: number): number | undefined {
  const retry = seconds(headers.get("x-ratelimit-retry"));
  if (retry !== undefined) return retry * 1000;
  const after = headers.get("retry-after");
  if (after !== null) {
    const s = seconds(after);
    if (s !== undefined) return s * 1000;
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = seconds(headers.get("x-ratelimit-reset"));
  if (reset !== undefined) return reset > 1e9 ? Math.max(0, reset * 1000 - now) : reset * 1000;
  return undefined;
}

/** Capped exponential backoff with jitter before retry number `retry` (1 for the first). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

function seconds(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}
