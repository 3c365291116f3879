// Query string -> the handler's `query`: documented parameters are converted to their types
// (400 when a value does not fit; the rules are in params.ts), undocumented ones pass through as strings.
import { expectation, isStyledQuery, parseScalar } from "./params.js";
import type { QueryParameter, StyleReaders } from "./types.js";

export type QueryParseResult = { ok: true; value: Record<string, unknown> } | { ok: false; detail: string };

function define(target: Record<string, unknown>, name: string, value: unknown): void {
  // defineProperty: a parameter called `__proto__` must stay a plain property.
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `raw`: the query string as received, for parameters written by a style (their delimiters are split
 * on before decoding); `styles`: styles.ts's readers, which such parameters need.
 */
export function parseQuery(
  search: URLSearchParams,
  documented: readonly QueryParameter[] | undefined,
  raw?: string,
  styles?: Pick<StyleReaders, "rawPairs" | "readQuery">,
): QueryParseResult {
  const value: Record<string, unknown> = {};
  if (!documented) {
    // forEach, not keys(): iterating URLSearchParams needs DOM.Iterable, which `lib: ["ES2022", "DOM"]` lacks.
    const names = new Set<string>();
    search.forEach((_, name) => names.add(name));
    for (const name of names) {
      const values = search.getAll(name);
      define(value, name, values.length === 1 ? values[0] : values);
    }
    return { ok: true, value };
  }
  let pairs: [string, string][] | undefined;
  for (const parameter of documented) {
    if (isStyledQuery(parameter)) {
      if (!styles) throw new TypeError(`parseQuery: query parameter "${parameter.name}" is written by a style and needs styles.ts's readers`);
      pairs ??= styles.rawPairs(raw ?? search.toString());
      const read = styles.readQuery(pairs, parameter);
      if (!read.ok) return { ok: false, detail: read.detail };
      if (read.value === undefined) {
        if (parameter.required) return { ok: false, detail: `Query parameter "${parameter.name}" is required.` };
        continue;
      }
      define(value, parameter.name, read.value);
      continue;
    }
    const values = search.getAll(parameter.name);
    if (values.length === 0) {
      if (parameter.required) return { ok: false, detail: `Query parameter "${parameter.name}" is required.` };
      continue;
    }
    if (!parameter.array && values.length > 1) {
      return { ok: false, detail: `Query parameter "${parameter.name}" may be given once.` };
    }
    const converted: unknown[] = [];
    for (const text of values) {
      const item = parseScalar(text, parameter);
      if (item === undefined) return { ok: false, detail: `Query parameter "${parameter.name}" ${expectation(parameter)}.` };
      converted.push(item);
    }
    define(value, parameter.name, parameter.array ? converted : converted[0]);
  }
  return { ok: true, value };
}
