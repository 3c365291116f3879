// createClient's options for the transport's features: all three on by default, each option
// mapping onto its feature. The token-access check is passed in by a client.ts whose operations
// say which tokens may call them (their categories, read-only tokens): other clients do not bundle it.
import type { TransportFeature } from "./feature.js";
import { rateLimits } from "./rate-limits.js";
import { responseChecks } from "./response-checks.js";
import { retries } from "./retries.js";
import type { RetryOptions } from "./retry.js";
import type { RateLimitStore } from "../shared/rate-limit-store.js";

export interface FeatureOptions<TokenKind extends string = string, TokenCategory extends string = string> {
  /** Retries of 429, 5xx and network errors; `false`: none. */
  retry?: RetryOptions | false | undefined;
  /**
   * Client-side rate limits from the catalogue: `"wait"` (default) queues a call over the limit
   * until its turn; `"fail"` ends it at once with a `rate_limited` ApiError; `"off"` sends at once.
   */
  rateLimit?: "wait" | "fail" | "off" | undefined;
  /**
   * Where the rate-limit buckets live (default: this client's memory). A shared store, e.g.
   * `redisRateLimitStore(redis)`, keeps calls of every process with the same token within the limit;
   * a wait for a turn there is bounded by the call's timeout.
   */
  rateLimitStore?: RateLimitStore | undefined;
  /** Milliseconds added to each rate limit's interval, above the network's delay variation (see `RateLimitOptions.marginMs`). Default 0. */
  rateLimitMarginMs?: number | undefined;
  /**
   * When `rateLimitStore` fails (unreachable, too slow, script error): `"allow"` (default) goes on
   * under this client's in-memory bucket; `"deny"` fails the call (`network`, the store's error as `cause`).
   */
  onStoreError?: "allow" | "deny" | undefined;
  /**
   * The kind of `token` (one of the catalogue's token kinds): rate limits the catalogue gives for
   * other kinds only are not applied. Absent: every limit applies, those of each kind too.
   */
  tokenKind?: TokenKind | undefined;
  /**
   * The categories `token` is issued for (of the catalogue's categories): a call of an operation
   * for other categories ends before it is sent (`forbidden`). Absent: not checked.
   */
  tokenCategories?: readonly TokenCategory[] | undefined;
  /** True when `token` is read-only: a call of an operation that writes ends before it is sent (`forbidden`). */
  readOnlyToken?: boolean | undefined;
  /** What to do when a typed response does not match its type (default `"throw"`). */
  validate?: "off" | "warn" | "throw" | undefined;
}

/**
 * The features `options` asks for: `retries()`, `rateLimits()` and `responseChecks()` unless turned
 * off; with `tokenAccess` (runtime/token-access.ts, absent from a client that does not use it),
 * its check where `tokenCategories` or `readOnlyToken` say what the token may do. Without it those
 * options have nothing to check: no operation names categories or says whether read-only tokens
 * may call it.
 */
export function clientFeatures(options: FeatureOptions<string, string>, tokenAccess?: (access: { categories: readonly string[] | undefined; readOnly: boolean | undefined }) => TransportFeature): TransportFeature[] {
  const use: TransportFeature[] = [];
  if (tokenAccess && (options.tokenCategories !== undefined || options.readOnlyToken === true)) use.push(tokenAccess({ categories: options.tokenCategories, readOnly: options.readOnlyToken }));
  if (options.retry !== false) use.push(retries(options.retry));
  if (options.rateLimit !== "off") {
    use.push(rateLimits({ mode: options.rateLimit, store: options.rateLimitStore, onStoreError: options.onStoreError, tokenKind: options.tokenKind, marginMs: options.rateLimitMarginMs }));
  }
  if (options.validate !== "off") use.push(responseChecks({ mode: options.validate === "warn" ? "warn" : "throw" }));
  return use;
}
