// Values to URL and header text: what the default writers (encoding.ts) and the style writers
// (styles.ts) share.

type Item = string | number | boolean;

/** A value as text: a Date in ISO form, anything else by String(). */
export function textOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value as Item);
}

/** Array items or object entries as text, null and undefined left out; undefined for a single value. */
export function partsOf(value: unknown): { list: string[] } | { pairs: [string, string][] } | undefined {
  if (Array.isArray(value)) return { list: value.filter((item) => item != null).map(textOf) };
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    return { pairs: Object.entries(value).flatMap(([key, item]) => (item == null ? [] : [[key, textOf(item)] as [string, string]])) };
  }
  return undefined;
}

/** As application/x-www-form-urlencoded writes a name or value (what URLSearchParams sends). */
export function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, "+")
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Percent-encodes all but unreserved characters (as encodeURIComponent, and `!'()*` too). */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
