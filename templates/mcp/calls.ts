// One tool call: the operation sent through the generated client (auth, retries, rate limits), a
// wait for the documented rate limit up to a bound, and the answer as a structured result an agent
// reads: `ok` with the result, `rate_limited` with the seconds to wait, or `error`.
import type { JsonSchema } from "./tools.js";

/** Sends an operation through the client; rejects with the client's ApiError. */
export type Send<Operation> = (operation: Operation, args: object | undefined, options: { signal: AbortSignal }) => Promise<unknown>;

export interface CallResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent: { [key: string]: unknown; status: "ok" | "rate_limited" | "error" };
  isError?: boolean;
}

/** The fields of the client's ApiError a result shows (never its headers, URL or cause). */
interface ApiErrorLike {
  name: "ApiError";
  kind: string;
  message: string;
  status?: number | undefined;
  body?: unknown;
  retryAfterMs?: number | undefined;
}

function isApiError(error: unknown): error is ApiErrorLike {
  return error instanceof Error && error.name === "ApiError" && typeof (error as { kind?: unknown }).kind === "string";
}

/** Waits `ms`, or until `signal` aborts (then rejects with its reason). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

function result(structured: CallResult["structuredContent"], isError: boolean): CallResult {
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured, ...(isError && { isError: true }) };
}

/** The client's answer as structured content: bytes as text (UTF-8) or base64, nothing (204) as null. */
export function okResult(value: unknown): CallResult {
  let shown = value;
  if (value === undefined) shown = null;
  else if (value instanceof Uint8Array) {
    try {
      shown = new TextDecoder("utf-8", { fatal: true }).decode(value);
    } catch {
      shown = btoa(Array.from(value, (byte) => String.fromCharCode(byte)).join(""));
    }
  }
  return result({ status: "ok", result: shown }, false);
}

/**
 * Over a rate limit: held back by the client (`httpStatus` undefined: nothing was sent), or sent
 * and refused by the API with that status (429), which then said when to try again.
 */
export function rateLimitedResult(tool: string, retryAfterMs: number, httpStatus?: number): CallResult {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const message =
    httpStatus === undefined
      ? `${tool}: the API's documented rate limit allows the next call in ${seconds} s; nothing was sent. Call again after that (an earlier call gets this same answer).`
      : `${tool}: the call was sent and the API refused it for its rate limit (HTTP ${httpStatus}), so it was not carried out; the API asks to retry in ${seconds} s. Call again after that.`;
  return result({ status: "rate_limited", retryAfterSeconds: seconds, message, ...(httpStatus !== undefined && { httpStatus }) }, true);
}

export function errorResult(kind: string, message: string, extra: { httpStatus?: number | undefined; body?: unknown } = {}): CallResult {
  const error: Record<string, unknown> = { kind, message };
  if (extra.httpStatus !== undefined) error.httpStatus = extra.httpStatus;
  if (extra.body !== undefined && extra.body !== "") error.body = extra.body;
  return result({ status: "error", message, error }, true);
}

/**
 * `result` with `redact` applied to every string of its structured content, keys too (each kept
 * an own key, `__proto__` included), and its text made again from that: the one way a result
 * leaves the server, so no copy of a credential the API echoed reaches the agent.
 */
export function redactResult(result: CallResult, redact: (text: string) => string): CallResult {
  const structured = redactValue(result.structuredContent, redact) as CallResult["structuredContent"];
  return { ...result, content: [{ type: "text", text: redact(JSON.stringify(structured)) }], structuredContent: structured };
}

function redactValue(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(copy, redact(key), { value: redactValue(item, redact), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** A Response the client hands back unread (paging by the Link header): its JSON, else its text. */
async function readUnread(value: unknown): Promise<unknown> {
  if (!(value instanceof Response)) return value;
  const text = await value.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls `operation`; over the rate limit it waits when the wait fits in what is left of
 * `maxWaitMs`, else answers `rate_limited` at once. A 429 the API answers is handled the same way
 * (the request was refused, so sending it again is safe).
 */
export async function callOperation<Operation>(
  send: Send<Operation>,
  tool: string,
  operation: Operation,
  args: object | undefined,
  options: { maxWaitMs: number; signal: AbortSignal; now?: () => number },
): Promise<CallResult> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.maxWaitMs;
  for (;;) {
    try {
      return okResult(await readUnread(await send(operation, args, { signal: options.signal })));
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind === "rate_limited" && error.retryAfterMs !== undefined) {
        if (now() + error.retryAfterMs > deadline) return rateLimitedResult(tool, error.retryAfterMs, error.status);
        await sleep(error.retryAfterMs, options.signal);
        continue;
      }
      return errorResult(error.kind, error.message, { httpStatus: error.status, body: error.body });
    }
  }
}

/** `{ type: "object", ... }` of a listed tool, as the SDK types it. */
export type ObjectSchema = JsonSchema & { type: "object" };
