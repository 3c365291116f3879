// The `responseChecks()` feature: a successful response is checked against the type the catalogue
// gives it; the first value that does not match is named.
import type { TransportFeature } from "./feature.js";

export interface ResponseCheckOptions {
  /** `"throw"` (default): the call fails as `validation`; `"warn"`: `console.warn` and the value is returned. */
  mode?: "throw" | "warn" | undefined;
}

/** Checks of typed responses (a closed object refuses undeclared fields). */
export function responseChecks(options: ResponseCheckOptions = {}): TransportFeature {
  return {
    checkResponse(call, value, status) {
      const found = call.operation.check?.(value);
      if (!found) return value;
      // The body may echo the token (in a value or a key), so the path and the value are redacted.
      const path = call.redact(found.path);
      const message = `response does not match its type at ${path}: expected ${found.expected}, got ${preview(found.value, call.redact)}`;
      if (options.mode === "warn") {
        console.warn(`${call.operation.id}: ${message}`);
        return value;
      }
      return call.fail("validation", message, { status, path });
    },
  };
}

/** A short text of `value` for a message, redacted before shortening (so no part of the token is kept). */
function preview(value: unknown, redact: (text: string) => string): string {
  if (value === undefined) return "undefined";
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  text = redact(text);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
