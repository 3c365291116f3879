// The transport does only what its `use` list asks: a bare one sends once, limits nothing and
// checks nothing; each feature adds its behaviour alone.
import { expect, test, vi } from "vitest";
import { isApiError } from "./errors.js";
import { rateLimits } from "./rate-limits.js";
import { responseChecks } from "./response-checks.js";
import { retries } from "./retries.js";
import { clientFeatures } from "./client-features.js";
import { tokenAccess } from "./token-access.js";
import type { Operation } from "./operation.js";
import { makeTransport, type FetchLike, type TransportOptions } from "./transport.js";

const limited: Operation = {
  id: "op",
  route: "GET /x",
  module: "m",
  limits: [{ key: "op:0", burst: 1, intervalMs: 60_000 }],
  check: (value) => (typeof value === "number" ? undefined : { path: "$", expected: "a number", value }),
};

/** A fetch answering each request with the next of `answers` (the last one repeated), counting requests. */
function answering(...answers: (() => Response)[]): FetchLike & { calls: number } {
  const fetch = async (): Promise<Response> => (answers[Math.min(fetch.calls++, answers.length - 1)] ?? answers[0]!)();
  fetch.calls = 0;
  return fetch;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json", ...headers } });

function transport(fetch: FetchLike, options: Partial<TransportOptions> = {}) {
  return makeTransport({ baseUrl: "http://api.test", token: "tok-12345678", fetch, ...options }, "Authorization");
}

test("a bare transport sends a failing request once and still says when to retry a 429", async () => {
  const fetch = answering(json(429, {}, { "retry-after": "2" }));
  const error = await transport(fetch).send(limited, undefined).catch((e: unknown) => e);
  expect(isApiError(error, "rate_limited")).toBe(true);
  expect((error as { retryAfterMs?: number }).retryAfterMs).toBe(2000);
  expect(fetch.calls).toBe(1);
});

test("a bare transport neither limits nor checks: calls over the limit go at once, a bad value comes back", async () => {
  const bare = transport(answering(json(200, "not a number")));
  expect(await Promise.all([bare.send(limited, undefined), bare.send(limited, undefined)])).toEqual(["not a number", "not a number"]);
});

test("retries() sends a 5xx again, up to maxAttempts", async () => {
  const fetch = answering(json(503, {}), json(503, {}), json(200, 7));
  const retrying = transport(fetch, { use: [retries({ baseDelayMs: 1, maxDelayMs: 1 })] });
  expect(await retrying.send(limited, undefined)).toBe(7);
  const once = answering(json(503, {}));
  const error = await transport(once, { use: [retries({ maxAttempts: 1 })] }).send(limited, undefined).catch((e: unknown) => e);
  expect(isApiError(error, "http")).toBe(true);
  expect(once.calls).toBe(1);
});

test("rateLimits() keeps calls within the limit; one feature given to two transports shares its buckets", async () => {
  const limits = rateLimits({ mode: "fail" });
  const a = transport(answering(json(200, 1)), { use: [limits] });
  const b = transport(answering(json(200, 1)), { use: [limits] });
  expect(await a.send(limited, undefined)).toBe(1);
  const error = await b.send(limited, undefined).catch((e: unknown) => e);
  expect(isApiError(error, "rate_limited")).toBe(true);
  expect(await transport(answering(json(200, 1)), { use: [rateLimits({ mode: "fail" })] }).send(limited, undefined)).toBe(1);
});

test("responseChecks() refuses a value that does not match, or warns", async () => {
  const error = await transport(answering(json(200, "x")), { use: [responseChecks()] }).send(limited, undefined).catch((e: unknown) => e);
  expect(isApiError(error, "validation")).toBe(true);
  expect((error as Error).message).toContain('expected a number, got "x"');
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    expect(await transport(answering(json(200, "x")), { use: [responseChecks({ mode: "warn" })] }).send(limited, undefined)).toBe("x");
    expect(warn).toHaveBeenCalledTimes(1);
  } finally {
    warn.mockRestore();
  }
});

test("a feature's hook that rejects with something other than an ApiError ends the call as aborted, through onError", async () => {
  const failures: string[] = [];
  const stuck = { beforeAttempt: () => Promise.reject(new Error("stopped")) };
  const error = await transport(answering(json(200, 1)), { use: [stuck], onError: (event) => failures.push(event.error.kind) })
    .send(limited, undefined)
    .catch((e: unknown) => e);
  expect(isApiError(error, "aborted")).toBe(true);
  expect(failures).toEqual(["aborted"]);
});

test("clientFeatures checks token access only when given tokenAccess, and then only where the options say what the token may do", () => {
  const options = { tokenCategories: ["content"], readOnlyToken: true };
  // Without it (a client whose operations name no categories or read-only rules): the three features alone.
  expect(clientFeatures(options)).toHaveLength(3);
  expect(clientFeatures(options, tokenAccess)).toHaveLength(4);
  expect(clientFeatures({}, tokenAccess)).toHaveLength(3);
  expect(clientFeatures({ retry: false, rateLimit: "off", validate: "off" }, tokenAccess)).toHaveLength(0);
});
