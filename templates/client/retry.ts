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

/** Attempts in all from `maxAttempts` (default 3; at least 1, whole). */
export function attemptsOf(maxAttempts: number | undefined): number {
  return Math.max(1, Math.floor(maxAttempts ?? 3));
}

/** Whether a request may be sent twice: a safe method, an operation the catalogue marks idempotent, or the caller's opt-in. */
export function mayRetry(method: string, idempotent: boolean | undefined, unsafeMethods: boolean | undefined): boolean {
  return /^(GET|HEAD|OPTIONS)$/.test(method) || !!idempotent || !!unsafeMethods;
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * The wait the server asks for, in ms: `X-Ratelimit-Retry` (seconds), else `Retry-After`
 * (seconds or an HTTP date), else `X-Ratelimit-Reset` (seconds, or an epoch time in seconds).
 */
export function serverRetryDelay(headers: Headers, now: number): number | undefined {
  const after = headers.get("retry-after");
  const date = Date.parse(after ?? "");
  const reset = milliseconds(headers.get("x-ratelimit-reset"));
  return (
    milliseconds(headers.get("x-ratelimit-retry")) ??
    milliseconds(after) ??
    (Number.isNaN(date) ? ((reset ?? 0) > 1e12 ? Math.max(0, (reset ?? 0) - now) : reset) : Math.max(0, date - now))
  );
}

/** Capped exponential backoff with jitter before retry number `retry` (1 for the first). */
export function backoffDelay(retry: number, baseDelayMs: number, maxDelayMs: number, random: number): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

function milliseconds(value: string | null): number | undefined {
  return value !== null && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) * 1000 : undefined;
}
