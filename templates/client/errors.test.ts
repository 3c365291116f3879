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

test("scrubCause keeps only name, message, stack and cause, each redacted", () => {
  const dirty = new TypeError("bad header s3cret", { cause: new Error("inner s3cret") });
  const scrubbed = scrubCause(dirty, "s3cret") as Error;
  expect(scrubbed.name).toBe("TypeError");
  expect(inspect(scrubbed, { depth: 5 })).not.toContain("s3cret");
  expect(scrubbed.message).toBe("bad header [redacted]");
  expect((scrubbed.cause as Error).message).toBe("inner [redacted]");
  expect(redact("a s3cret b s3cret", "s3cret")).toBe("a [redacted] b [redacted]");
  expect(redact("abc", "")).toBe("abc");
});

test("scrubCause drops other properties, where a fetch may keep the request headers", () => {
  const headers = { authorization: "s3cret" };
  const clean = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED", request: { headers }, headers });
  const scrubbed = scrubCause(clean, "s3cret") as Error;
  expect(scrubbed).not.toBe(clean);
  expect(scrubbed.message).toBe("connect ECONNREFUSED");
  expect(Object.keys(scrubbed)).toEqual(["name"]);
  expect(inspect(scrubbed, { depth: Infinity, showHidden: true })).not.toContain("s3cret");
  const wrapped = new ApiError({ kind: "network", message: "m", operationId: "op", method: "GET", url: "u", cause: scrubbed });
  expect(inspect(wrapped, { depth: Infinity, showHidden: true })).not.toContain("s3cret");
});

test("scrubCause redacts strings and replaces objects that are not errors", () => {
  expect(scrubCause("was s3cret", "s3cret")).toBe("was [redacted]");
  expect(inspect(scrubCause({ headers: { authorization: "s3cret" } }, "s3cret"))).not.toContain("s3cret");
  expect(scrubCause(undefined, "s3cret")).toBeUndefined();
  expect(scrubCause(42, "s3cret")).toBe(42);
  const loop = new Error("loop s3cret");
  loop.cause = loop;
  expect(inspect(scrubCause(loop, "s3cret"), { depth: Infinity })).not.toContain("s3cret");
});
