// Error responses in the marketplace's shape. Details are fixed text written here or by a handler:
// never the token, never an exception message.

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
  requestId: string;
  origin: string;
  /** Milliseconds since the epoch. */
  now: () => number;
}

export interface ErrorDetails {
  detail: string;
  title?: string | undefined;
  code?: string | undefined;
  headers?: HeadersInit | undefined;
}

export function errorResponse(scope: ErrorScope, status: number, details: ErrorDetails): Response {
  const text = statusText(status);
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
  const headers = new Headers(details.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, statusText: text, headers });
}
