import { inspect } from "node:util";
import { expect, test } from "vitest";
import { ApiError, isApiError, kindOfStatus, redact, scrubCause } from "./errors.js";

test("statuses map to kinds", () => {
  expect([401, 403, 404, 429, 400, 500].map(kindOfStatus)).toEqual(["unauthorized", "forbidden", "not_found", "rate_limited", "http", "http"]);
});

test("isApiError narrows by kind", () => {
  const error = new ApiError({ kind: "timeout", message: "m", operationId: "op", method: "GET", url: "u" });
  expect(isApiError(error)).toBe(true);
  expect(isApiError(error, "timeout")).toBe(true);
  expect(isApiError(error, "network")).toBe(false);
  expect(isApiError(new Error("x"))).toBe(false);
  expect(error.name).toBe("ApiError");
  expect(error).toBeInstanceOf(Error);
});

test("scrubCause replaces a cause chain that mentions the secret, and keeps a clean one", () => {
  const clean = new Error("connect ECONNREFUSED");
  expect(scrubCause(clean, "s3cret")).toBe(clean);
  const dirty = new TypeError("bad header s3cret", { cause: new Error("inner s3cret") });
  const scrubbed = scrubCause(dirty, "s3cret") as Error;
  expect(scrubbed.name).toBe("TypeError");
  expect(inspect(scrubbed, { depth: 5 })).not.toContain("s3cret");
  expect(scrubbed.message).toBe("bad header [redacted]");
  expect(redact("a s3cret b s3cret", "s3cret")).toBe("a [redacted] b [redacted]");
  expect(redact("abc", "")).toBe("abc");
});
