// OpenAPI's serialisation facts the catalogue holds: a parameter's `style` and `explode`, and a
// form or multipart body's `encoding` (contentType per part, style and explode per urlencoded
// value). What it does not hold (allowReserved, part headers) is reported lost.
import type { ParameterStyle, PartEncoding } from "../model/types.js";
import { STYLES_BY_LOCATION } from "../model/styles.js";

type Lost = (key: string, what: string) => void;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The style and explode of a parameter at `location`, as the document writes them. */
export function parameterStyleOf(value: Record<string, unknown>, location: keyof typeof STYLES_BY_LOCATION, lost: Lost): { style?: ParameterStyle; explode?: boolean } {
  const result: { style?: ParameterStyle; explode?: boolean } = {};
  if ("style" in value) {
    if (typeof value.style === "string" && (STYLES_BY_LOCATION[location] as readonly string[]).includes(value.style)) result.style = value.style as ParameterStyle;
    else lost("style", `style ${JSON.stringify(value.style)} (not a style OpenAPI allows in the ${location})`);
  }
  if ("explode" in value) {
    if (typeof value.explode === "boolean") result.explode = value.explode;
    else lost("explode", "explode that is not a boolean");
  }
  return result;
}

const URLENCODED_STYLES = ["form", "spaceDelimited", "pipeDelimited", "deepObject"];

/** The encoding object of a form or multipart media type, or undefined when it gives nothing the catalogue holds. */
export function encodingOf(value: unknown, essence: string, lost: (property: string, key: string, what: string) => void): Record<string, PartEncoding> | undefined {
  if (!isObject(value)) return undefined;
  const multipart = essence === "multipart/form-data";
  const result: Record<string, PartEncoding> = {};
  for (const [property, raw] of Object.entries(value)) {
    if (!isObject(raw)) continue;
    const part: PartEncoding = {};
    for (const [key, field] of Object.entries(raw)) {
      if (key === "contentType" && multipart && typeof field === "string") part.contentType = field;
      else if (key === "style" && !multipart && typeof field === "string" && URLENCODED_STYLES.includes(field)) part.style = field as NonNullable<PartEncoding["style"]>;
      else if (key === "explode" && !multipart && typeof field === "boolean") part.explode = field;
      else lost(property, key, `encoding ${key} of "${property}" (${multipart ? "a multipart part keeps only its contentType" : "an urlencoded value keeps only style and explode"})`);
    }
    if (Object.keys(part).length > 0) Object.defineProperty(result, property, { value: part, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(result).length > 0 ? result : undefined;
}
