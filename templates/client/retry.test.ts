import { expect, test } from "vitest";
import { attemptsOf, backoffDelay, isRetryableStatus, mayRetry, serverRetryDelay } from "./retry.js";

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
  expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, 100, 1000, 1))).toEqual([100, 200, 400, 800, 1000]);
  expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, 100, 1000, 0))).toEqual([50, 100, 200, 400, 500]);
});

test("safe methods and idempotent operations retry; others only when the caller opts in", () => {
  expect(["GET", "HEAD", "OPTIONS"].every((m) => mayRetry(m, false, undefined))).toBe(true);
  expect(["POST", "PUT", "PATCH", "DELETE", "get", "GETS"].some((m) => mayRetry(m, undefined, false))).toBe(false);
  expect(mayRetry("POST", true, undefined)).toBe(true);
  expect(mayRetry("POST", false, true)).toBe(true);
});

test("policy defaults and bounds", () => {
  expect(attemptsOf(undefined)).toBe(3);
  expect(attemptsOf(0)).toBe(1);
  expect(attemptsOf(2.7)).toBe(2);
  expect([429, 500, 503, 599].every(isRetryableStatus)).toBe(true);
  expect([400, 401, 404, 409, 600].some(isRetryableStatus)).toBe(false);
});
