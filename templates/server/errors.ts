// Error responses in the marketplace's shape. Details are fixed text written here or by a handler:
// never the token, never an exception message.
import type { HeaderValues, PlainAnswer } from "./types.js";

export interface ErrorBody {
  title: string;
  detail: string;
  status: number;
  statusText: string;
  requestId: string;
  origin: string;
  /** ISO 8601. */
  timestamp: string;
  code?: string;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? "Server Error" : "Client Error");
}

/** What every error response of one request shares. */
export interface ErrorScope {
  readonly requestId: string;
  readonly origin: string;
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface ErrorDetails {
  detail: string;
  title?: string | undefined;
  code?: string | undefined;
  headers?: HeaderValues | undefined;
}

/** The JSON text of an error body. */
export function errorBodyText(scope: ErrorScope, status: number, text: string, details: ErrorDetails): string {
  const body: ErrorBody = {
    title: details.title ?? text.toLowerCase(),
    detail: details.detail,
    status,
    statusText: text,
    requestId: scope.requestId,
    origin: scope.origin,
    timestamp: new Date(scope.now()).toISOString(),
  };
  if (details.code !== undefined) body.code = details.code;
  return JSON.stringify(body);
}

/** An error answer of the pipeline; `headers` are lower-case names. */
export function errorAnswer(
  scope: ErrorScope,
  status: number,
  details: { detail: string; code: string; headers?: Readonly<Record<string, string>> | undefined },
): PlainAnswer {
  const text = statusText(status);
  const headers: Record<string, string> = { "content-type": JSON_CONTENT_TYPE };
  if (details.headers) for (const name of Object.keys(details.headers)) headers[name] = details.headers[name]!;
  return { status, statusText: text, headers, body: errorBodyText(scope, status, text, details) };
}

/** An error response (for handlers: `context.error`, `context.notImplemented`). */
export function errorResponse(scope: ErrorScope, status: number, details: ErrorDetails): Response {
  const text = statusText(status);
  const headers = new Headers(details.headers);
  headers.set("content-type", JSON_CONTENT_TYPE);
  return new Response(errorBodyText(scope, status, text, details), { status, statusText: text, headers });
}

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
