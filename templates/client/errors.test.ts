import { inspect } from "node:util";
import { expect, test } from "vitest";
import { ApiError, isApiError, kindOfStatus, redact, scrubCause, secretOf } from "./errors.js";

const SECRET = secretOf("s3cret-42");

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
  const dirty = new TypeError("bad header s3cret-42", { cause: new Error("inner s3cret-42") });
  const scrubbed = scrubCause(dirty, SECRET) as Error;
  expect(scrubbed.name).toBe("TypeError");
  expect(inspect(scrubbed, { depth: 5 })).not.toContain("s3cret-42");
  expect(scrubbed.message).toBe("bad header [redacted]");
  expect((scrubbed.cause as Error).message).toBe("inner [redacted]");
  expect(redact("a s3cret-42 b s3cret-42", SECRET)).toBe("a [redacted] b [redacted]");
  expect(redact("abc", undefined)).toBe("abc");
});

test("scrubCause drops other properties, where a fetch may keep the request headers", () => {
  const headers = { authorization: "s3cret-42" };
  const clean = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED", request: { headers }, headers });
  const scrubbed = scrubCause(clean, SECRET) as Error;
  expect(scrubbed).not.toBe(clean);
  expect(scrubbed.message).toBe("connect ECONNREFUSED");
  expect(Object.keys(scrubbed)).toEqual(["name"]);
  expect(inspect(scrubbed, { depth: Infinity, showHidden: true })).not.toContain("s3cret-42");
  const wrapped = new ApiError({ kind: "network", message: "m", operationId: "op", method: "GET", url: "u", cause: scrubbed });
  expect(inspect(wrapped, { depth: Infinity, showHidden: true })).not.toContain("s3cret-42");
});

test("scrubCause redacts strings and replaces objects that are not errors", () => {
  expect(scrubCause("was s3cret-42", SECRET)).toBe("was [redacted]");
  expect(inspect(scrubCause({ headers: { authorization: "s3cret-42" } }, SECRET))).not.toContain("s3cret-42");
  expect(scrubCause(undefined, SECRET)).toBeUndefined();
  expect(scrubCause(42, SECRET)).toBe(42);
  const loop = new Error("loop s3cret-42");
  loop.cause = loop;
  expect(inspect(scrubCause(loop, SECRET), { depth: Infinity })).not.toContain("s3cret-42");
});

test("secretOf matches every JSON spelling of the token, trimmed of whitespace", () => {
  const token = 'SECRET-tok/en+42==\\"x\n';
  const secret = secretOf(token);
  const core = token.trim();
  const escaped = JSON.stringify(core).slice(1, -1);
  const spellings = [
    core,
    escaped,
    escaped.replaceAll("/", "\\/"),
    escaped.replace("+", "\\u002b"),
    escaped.replace("+", "\\u002B").replace("S", "\\u0053"),
    [...core].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
  ];
  for (const spelling of spellings) expect(redact(`a ${spelling} b`, secret)).toBe("a [redacted] b");
  for (const spelling of spellings.slice(1)) {
    expect(JSON.parse(`"${spelling}"`)).toBe(core);
    // Redacted before parsing, the JSON text still parses, without the token.
    expect(JSON.parse(redact(`{"detail":"was ${spelling}"}`, secret))).toEqual({ detail: "was [redacted]" });
  }
  expect(redact(`[${JSON.stringify(core)}]`, secret)).toBe('["[redacted]"]');
});

test("secretOf leaves tokens shorter than 8 characters alone, so that they do not mangle messages", () => {
  expect(secretOf("s")).toBeUndefined();
  expect(secretOf(" 1234567 \n")).toBeUndefined();
  expect(redact("no such supply", secretOf("s"))).toBe("no such supply");
  expect(redact("a 12345678 b", secretOf("12345678"))).toBe("a [redacted] b");
});

test("secretOf matches the token in any letter case, percent-encoded and in base64, alone or inside a longer base64 text", () => {
  const token = "Sk/Live+Key=7Hq2ZpXv9W";
  const secret = secretOf(token);
  const base64 = (text: string) => btoa(text);
  const spellings = [
    token.toLowerCase(),
    token.toUpperCase(),
    encodeURIComponent(token),
    encodeURIComponent(token).toLowerCase(),
    base64(token),
    base64(token).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
  ];
  for (const spelling of spellings) expect(redact(`a ${spelling} b`, secret), spelling).toBe("a [redacted] b");
  // Inside Basic credentials or a bearer header in base64, at each of the three alignments.
  for (const prefix of ["user:", "users:", "user1:", "Bearer "]) {
    const shown = redact(base64(`${prefix}${token}`), secret);
    expect(shown, prefix).toContain("[redacted]");
    expect(shown.replace("[redacted]", "").length, prefix).toBeLessThanOrEqual(Math.ceil((prefix.length + 2) / 3) * 4 + 4);
  }
});

test("secretOf of several credentials redacts each, the longest first", () => {
  const secret = secretOf(["first-credential-1", "first-credential-1-and-more", "short"]);
  expect(redact("first-credential-1-and-more / first-credential-1 / short", secret)).toBe("[redacted] / [redacted] / short");
});
