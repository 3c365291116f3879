import { expect, test } from "vitest";
import { backoffDelay, isRetryableStatus, mayRetry, retryPolicy, serverRetryDelay } from "./retry.js";

const NOW = Date.parse("2026-01-01T00:00:00Z");

test("X-Ratelimit-Retry wins, then Retry-After (seconds or date), then X-Ratelimit-Reset", () => {
  expect(serverRetryDelay(new Headers({ "x-ratelimit-retry": "1", "retry-after": "9" }), NOW)).toBe(1000);
  expect(serverRetryDelay(new Headers({ "retry-after": "2.5" }), NOW)).toBe(2500);
  expect(serverRetryDelay(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:07 GMT" }), NOW)).toBe(7000);
  expect(serverRetryDelay(new Headers({ "retry-after": "Wed, 31 Dec 2025 23:00:00 GMT" }), NOW)).toBe(0);
  expect(serverRetryDelay(new Headers({ "x-ratelimit-reset": "3" }), NOW)).toBe(3000);
  expect(serverRetryDelay(new Headers({ "x-ratelimit-reset": String(NOW / 1000 + 4) }), NOW)).toBe(4000);
  expect(serverRetryDelay(new Headers({ "retry-after": "soon" }), NOW)).toBeUndefined();
  expect(serverRetryDelay(new Headers({ "x-ratelimit-retry": "-1" }), NOW)).toBeUndefined();
  expect(serverRetryDelay(new Headers(), NOW)).toBeUndefined();
});

test("backoff doubles, is capped, and jitters within [half, full]", () => {
  const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
  expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, 1))).toEqual([100, 200, 400, 800, 1000]);
  expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, 0))).toEqual([50, 100, 200, 400, 500]);
});

test("safe methods and idempotent operations retry; others only when the caller opts in", () => {
  const policy = retryPolicy(undefined);
  expect(["GET", "HEAD", "OPTIONS"].every((m) => mayRetry(m, false, policy))).toBe(true);
  expect(["POST", "PUT", "PATCH", "DELETE"].some((m) => mayRetry(m, false, policy))).toBe(false);
  expect(mayRetry("POST", true, policy)).toBe(true);
  expect(mayRetry("POST", false, retryPolicy({ unsafeMethods: true }))).toBe(true);
});

test("policy defaults and bounds", () => {
  expect(retryPolicy(undefined).maxAttempts).toBe(3);
  expect(retryPolicy(false).maxAttempts).toBe(1);
  expect(retryPolicy({ maxAttempts: 0 }).maxAttempts).toBe(1);
  expect([429, 500, 503, 599].every(isRetryableStatus)).toBe(true);
  expect([400, 401, 404, 409, 600].some(isRetryableStatus)).toBe(false);
});
