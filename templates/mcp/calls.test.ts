import { describe, expect, it } from "vitest";
import { callOperation, errorResult, okResult, redactResult } from "./calls.js";
import { readSettings, schemeVariable, SetupError } from "./env.js";

/** The client's ApiError as the server meets it (name, kind, message, status, retryAfterMs). */
function apiError(kind: string, more: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${kind} happened`), { name: "ApiError", kind, ...more });
}

const signal = new AbortController().signal;

describe("callOperation", () => {
  it("a wait within the bound is waited, then the call goes through", async () => {
    let calls = 0;
    const send = async () => {
      calls++;
      if (calls === 1) throw apiError("rate_limited", { retryAfterMs: 30 });
      return [1, 2];
    };
    const started = Date.now();
    const result = await callOperation(send, "listThings", "op", {}, { maxWaitMs: 1_000, signal });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(calls).toBe(2);
    expect(result.structuredContent).toEqual({ status: "ok", result: [1, 2] });
  });

  it("a longer wait answers rate_limited at once, in whole seconds, without a second send", async () => {
    let calls = 0;
    const send = async () => {
      calls++;
      throw apiError("rate_limited", { retryAfterMs: 59_200, status: 429 });
    };
    const result = await callOperation(send, "getThing", "op", {}, { maxWaitMs: 10_000, signal });
    expect(calls).toBe(1);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: "rate_limited", retryAfterSeconds: 60 });
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
  });

  it("other API errors are structured errors with kind, status and body; anything else is thrown", async () => {
    const failing = async () => {
      throw apiError("not_found", { status: 404, body: { title: "no such thing" } });
    };
    const result = await callOperation(failing, "getThing", "op", {}, { maxWaitMs: 0, signal });
    expect(result.structuredContent).toEqual({ status: "error", message: "not_found happened", error: { kind: "not_found", message: "not_found happened", httpStatus: 404, body: { title: "no such thing" } } });
    await expect(callOperation(async () => Promise.reject(new TypeError("bug")), "x", "op", {}, { maxWaitMs: 0, signal })).rejects.toThrow("bug");
  });

  it("bytes become text, or base64 when not UTF-8; no body becomes null", () => {
    expect(okResult(new TextEncoder().encode("héllo")).structuredContent).toEqual({ status: "ok", result: "héllo" });
    expect(okResult(new Uint8Array([0xff, 0x00])).structuredContent).toEqual({ status: "ok", result: "/wA=" });
    expect(okResult(undefined).structuredContent).toEqual({ status: "ok", result: null });
  });
});

describe("readSettings", () => {
  const needs = { prefix: "API", tokenKinds: ["personal", "service"], baseUrlRequired: true };

  it("reads the token, kind, base URL and wait bound from the environment", () => {
    const settings = readSettings({ API_TOKEN: "secret-token-1", API_TOKEN_KIND: "service", API_BASE_URL: "http://127.0.0.1:9/", API_MAX_WAIT_SECONDS: "3" }, needs);
    expect(settings).toMatchObject({ token: "secret-token-1", baseUrl: "http://127.0.0.1:9", scope: { kind: "service" }, maxWaitMs: 3_000 });
  });

  it("names a missing or wrong variable, never a value", () => {
    expect(() => readSettings({ API_BASE_URL: "http://x" }, needs)).toThrow(/set API_TOKEN/);
    const wrong = () => readSettings({ API_TOKEN: "secret-token-1", API_BASE_URL: "http://x", API_TOKEN_KIND: "secret-token-1" }, needs);
    expect(wrong).toThrow(SetupError);
    expect(wrong).toThrow(/API_TOKEN_KIND must be one of the catalogue's token kinds: personal, service/);
    try {
      wrong();
    } catch (error) {
      expect((error as Error).message).not.toContain("secret-token-1");
    }
  });

  it("one variable per security scheme", () => {
    expect(schemeVariable("API", "PersonalAccessToken")).toBe("API_AUTH_PERSONAL_ACCESS_TOKEN");
    expect(schemeVariable("API", "api-key")).toBe("API_AUTH_API_KEY");
    const settings = readSettings({ API_AUTH_BEARER_AUTH: "t" }, { prefix: "API", tokenKinds: [], schemes: ["bearerAuth", "basic"], baseUrlRequired: false });
    expect(settings.credentials).toEqual({ bearerAuth: "t" });
  });
});

describe("redactResult", () => {
  const redact = (text: string) => text.replaceAll("s3cret-token", "[redacted]");

  it("redacts every string of the structured content, keys too, and makes the text again from it", () => {
    const value = JSON.parse('{"__proto__":"s3cret-token","list":[{"s3cret-token":1},"a s3cret-token b"],"n":2}') as unknown;
    const result = redactResult(okResult(value), redact);
    expect(JSON.stringify(result)).not.toContain("s3cret-token");
    const shown = result.structuredContent["result"] as Record<string, unknown>;
    expect(Object.hasOwn(shown, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(shown["list"]).toEqual([{ "[redacted]": 1 }, "a [redacted] b"]);
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
  });

  it("error results too, and keeps isError", () => {
    const result = redactResult(errorResult("http", "400: s3cret-token", { httpStatus: 400, body: { echo: "s3cret-token" } }), redact);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).not.toContain("s3cret-token");
  });
});
