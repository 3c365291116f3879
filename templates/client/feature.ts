// What a feature of the transport (`retries()`, `rateLimits()`, `responseChecks()`) sees of a call
// and where it steps in. Types only: a program pays for the features it passes in `use`, no more.
import type { ApiError, ApiErrorKind } from "./errors.js";
import type { Clock } from "./clock.js";
import type { OperationInfo } from "./descriptors.js";

/** Extra fields of an ApiError a feature raises. */
export interface ErrorExtra {
  status?: number | undefined;
  retryAfterMs?: number | undefined;
  path?: string | undefined;
  cause?: unknown;
}

/** One call in progress, as the transport shows it to its features. */
export interface Call {
  readonly operation: OperationInfo;
  /** The token of this call (a token function is called once per call). */
  readonly token: string;
  readonly signal: AbortSignal | undefined;
  /** Limit of one attempt in ms (0: none); a feature waits no longer than this. */
  readonly timeoutMs: number;
  /** The transport's `clock` option (tests), if any. */
  readonly clock: Clock | undefined;
  /** False when the request cannot be sent again (a streamed body). */
  readonly resendable: boolean;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** Set by a feature when the next attempt waited as long as the server asked after a 429: its word replaces the local bucket's. */
  serverPaced: boolean;
  /** `text` with every spelling of the token replaced by `[redacted]`. */
  redact(text: string): string;
  /** Ends the call with an ApiError of `kind` (the `onError` hook sees it). */
  fail(kind: ApiErrorKind, detail: string, extra?: ErrorExtra): never;
}

/**
 * A feature given in `createTransport({ use: [...] })`. A hook that rejects with anything but an
 * ApiError ends the call as `aborted` (its waits reject when the call's signal aborts).
 */
export interface TransportFeature {
  /** Before each attempt is sent (rate limits). */
  beforeAttempt?(call: Call): Promise<void>;
  /** Once each attempt's answer has arrived, whatever its status (rate limits charge what an error answer costs). */
  afterResponse?(call: Call, status: number): Promise<void>;
  /** The value of a successful response: returns it, or ends the call (response checks). */
  checkResponse?(call: Call, value: unknown, status: number): unknown;
  /**
   * After an attempt failed with `error` (an HTTP status outside 2xx, with its `response`, or a
   * network error): resolves true, once it has waited, to send the request again (retries).
   */
  retry?(call: Call, error: ApiError, response: Response | undefined): Promise<boolean>;
}
