// Parameter values to text by OpenAPI's `style` and `explode` (RFC 6570 for path and header, the
// form rules for query and cookie). Delimiters go out literally (`,` `|` `%20` `[` `]` `.` `;` `=`),
// values percent-encoded, so the receiver can split them apart again:
//   query  form           color=blue  color=blue,black,brown / color=blue&color=black&color=brown
//                         color=R,100,G,200,B,150 / R=100&G=200&B=150
//          spaceDelimited color=blue%20black%20brown    pipeDelimited color=blue|black|brown
//          deepObject     color[R]=100&color[G]=200&color[B]=150, nested: items[0][price]=p1
//   path   simple  blue,black,brown  R,100,G,200,B,150 / R=100,G=200,B=150
//          label   .blue,black,brown / .blue.black.brown  .R,100,G,200,B,150 / .R=100.G=200.B=150
//          matrix  ;color=blue,black,brown / ;color=blue;color=black;color=brown
//                  ;color=R,100,G,200,B,150 / ;R=100;G=200;B=150
//   header simple, as in the path but not percent-encoded; cookie: form, pairs joined by "; ".

import { encodeSegment, formEncode, partsOf as parts, textOf as text } from "./url-text.js";

import type { ParameterStyle, StyleOf, Styles } from "./descriptors.js";

// The types live in the types-only leaf, so a client whose parameters all take their default
// style does not copy this file.
export type { ParameterStyle, StyleOf, Styles };

const QUERY_DELIMITERS: Partial<Record<ParameterStyle, string>> = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" };

/** `name=value` pairs (`&`-joined) of one query parameter; "" when there is nothing to send. */
export function styleQuery(name: string, value: unknown, style: ParameterStyle = "form", explode = true, encode: (text: string) => string = formEncode): string {
  if (value == null) return "";
  const key = encode(name);
  if (style === "deepObject") return deepPairs(key, value, encode).join("&");
  const split = parts(value);
  if (split === undefined) return `${key}=${encode(text(value))}`;
  const delimiter = QUERY_DELIMITERS[style] ?? ",";
  if ("list" in split) {
    if (split.list.length === 0) return "";
    return explode && style === "form" ? split.list.map((item) => `${key}=${encode(item)}`).join("&") : `${key}=${split.list.map(encode).join(delimiter)}`;
  }
  if (explode && style === "form") return split.pairs.map(([property, item]) => `${encode(property)}=${encode(item)}`).join("&");
  return split.pairs.length === 0 ? "" : `${key}=${split.pairs.flat().map(encode).join(delimiter)}`;
}

/**
 * deepObject, nested as far as the value goes (`items[0][price]=p1`, the bracket form Stripe's
 * clients write): an object's properties and an array's items (null and undefined left out, the
 * rest numbered) each add a `[key]`; a scalar ends the key.
 */
function deepPairs(key: string, value: unknown, encode: (text: string) => string): string[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.filter((item) => item != null).flatMap((item, index) => deepPairs(`${key}[${index}]`, item, encode));
  if (typeof value === "object" && !(value instanceof Date)) return Object.entries(value).flatMap(([property, item]) => deepPairs(`${key}[${encode(property)}]`, item, encode));
  return [`${key}=${encode(text(value))}`];
}

/** One path parameter's text (its `{name}` replaced by this). */
export function stylePath(name: string, value: unknown, style: ParameterStyle = "simple", explode = false): string {
  // `.` is label's delimiter: inside a label value it is percent-encoded.
  const pathEncode = style === "label" ? (item: string) => encodeSegment(item).replace(/\./g, "%2E") : encodeSegment;
  const prefix = style === "label" ? "." : style === "matrix" ? ";" : "";
  const split = parts(value);
  const named = (item: string): string => (style === "matrix" ? `${pathEncode(name)}${item === "" ? "" : `=${item}`}` : item);
  if (split === undefined) return prefix + named(value == null ? "" : pathEncode(text(value)));
  const separator = explode ? (style === "simple" ? "," : prefix) : ",";
  if ("list" in split) {
    const items = split.list.map(pathEncode);
    if (explode && style === "matrix") return items.map((item) => `;${named(item)}`).join("") || ";" + pathEncode(name);
    return prefix + named(items.join(separator));
  }
  const pairs = split.pairs.map(([key, item]): [string, string] => [pathEncode(key), pathEncode(item)]);
  if (explode) return prefix + pairs.map(([key, item]) => `${key}=${item}`).join(separator);
  return prefix + named(pairs.flat().join(","));
}

/** A header parameter's value: simple style, not percent-encoded. */
export function styleHeader(value: unknown, explode = false): string {
  const split = parts(value);
  if (split === undefined) return text(value);
  if ("list" in split) return split.list.join(",");
  return split.pairs.map(([key, item]) => (explode ? `${key}=${item}` : `${key},${item}`)).join(",");
}

/** A cookie parameter's `name=value` pairs ("; "-joined): form style, values percent-encoded. */
export function styleCookie(name: string, value: unknown, explode = true): string {
  return styleQuery(name, value, "form", explode, encodeURIComponent).split("&").filter(Boolean).join("; ");
}

/** The descriptor's `styles`: parameters keyed `<in>:<name>` (e.g. `query:created`) and their style and explode. */
export function styled(of: Readonly<Record<string, StyleOf>>): Styles {
  return { of, query: styleQuery, path: stylePath, header: styleHeader, cookie: styleCookie };
}
