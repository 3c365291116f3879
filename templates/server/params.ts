// Text from a URL (a path segment, a query value) -> the value of its documented type. Path
// parameters and query parameters follow the same rules:
// - integer: an optional minus and digits only (leading zeros allowed), a safe integer
//   (|n| <= 2^53 - 1); format int32 also within -2^31 .. 2^31 - 1;
// - number: a JSON number (minus, digits, fraction, exponent; no `+`, `.5`, `Infinity`, `0x10` or
//   spaces), leading zeros allowed as for integers, finite (`1e999` is not);
// - boolean: `true` or `false`, lower case;
// - enum: one of the documented values, compared after percent-decoding (and, for an integer enum,
//   after the integer rule);
// - string formats: `uuid` (8-4-4-4-12 hex digits, any version, either case), `date` (RFC 3339
//   full-date, a day that exists), `date-time` (RFC 3339 date-time with `T` and `Z` or an offset, a
//   leap second only at 23:59:60 UTC); other formats pass unchecked.
// `-0` gives 0. Values of a format stay strings.
import type { PathParameter, QueryParameter } from "./types.js";

/** What a value is checked against: the type the catalogue documents for it. */
export interface ScalarRule {
  readonly type: "string" | "integer" | "number" | "boolean";
  readonly enum?: readonly (string | number)[];
  readonly format?: string;
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The value `text` stands for under `rule`, or undefined when it does not fit. */
export function parseScalar(text: string, rule: ScalarRule): string | number | boolean | undefined {
  let value: string | number | boolean | undefined;
  switch (rule.type) {
    case "string":
      value = rule.format === undefined || fitsFormat(text, rule.format) ? text : undefined;
      break;
    case "integer": {
      // `+ 0` turns -0 into 0.
      const number = INTEGER.test(text) ? Number(text) + 0 : undefined;
      value = number !== undefined && Number.isSafeInteger(number) && (rule.format !== "int32" || (number >= INT32_MIN && number <= INT32_MAX)) ? number : undefined;
      break;
    }
    case "number": {
      const number = NUMBER.test(text) ? Number(text) + 0 : undefined;
      value = number !== undefined && Number.isFinite(number) ? number : undefined;
      break;
    }
    case "boolean":
      value = text === "true" ? true : text === "false" ? false : undefined;
      break;
  }
  if (value === undefined || typeof value === "boolean" || !rule.enum) return value;
  return rule.enum.includes(value) ? value : undefined;
}

/** The string formats `parseScalar` checks; values of any other format pass as they are. */
export const CHECKED_FORMATS: readonly string[] = ["uuid", "date", "date-time"];

function fitsFormat(text: string, format: string): boolean {
  switch (format) {
    case "uuid":
      return UUID.test(text);
    case "date":
      return isDate(text);
    case "date-time":
      return isDateTime(text);
    default:
      return true;
  }
}

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match || !isDate(match[1]!)) return false;
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  const second = Number(match[4]);
  const offsetHour = match[6] === undefined ? 0 : Number(match[6]);
  const offsetMinute = match[7] === undefined ? 0 : Number(match[7]);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  // A leap second is inserted at the end of a UTC day: 23:59:60 once the offset is taken away.
  const offset = (match[5] === "-" ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  return (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 === 23 * 60 + 59;
}

/** What a value that does not fit should have been, e.g. `must be an integer`. */
export function expectation(rule: ScalarRule): string {
  if (rule.enum) return `must be one of ${rule.enum.map(String).join(", ")}`;
  if (rule.format !== undefined && (rule.type !== "string" ? rule.format === "int32" : CHECKED_FORMATS.includes(rule.format))) {
    return rule.format === "int32" ? "must be a 32-bit integer" : `must be a ${rule.format}`;
  }
  const article = rule.type === "integer" ? "an" : "a";
  return `must be ${article} ${rule.type}`;
}

/** A query parameter written otherwise than form with explode, or holding an object: styles.ts reads it. */
export function isStyledQuery(parameter: QueryParameter): boolean {
  return parameter.style !== undefined || parameter.explode !== undefined || parameter.properties !== undefined;
}

/** A path parameter written otherwise than simple, or holding an array or object. */
export function isStyledPath(parameter: PathParameter): boolean {
  return parameter.style !== undefined || parameter.explode !== undefined || parameter.array === true || parameter.properties !== undefined;
}

/**
 * Converts the typed path parameters of a matched route in place (`params` holds the decoded
 * text of every parameter); the others stay strings. Undefined when all fit, else the 400's detail.
 */
export function convertPathParams(params: Record<string, unknown>, typed: readonly PathParameter[]): string | undefined {
  for (const parameter of typed) {
    // Those written by a style are styles.ts's (convertStyledPathParams).
    if (isStyledPath(parameter)) continue;
    const value = parseScalar(params[parameter.name] as string, parameter);
    if (value === undefined) return `Path parameter "${parameter.name}" ${expectation(parameter)}.`;
    // A parameter called `__proto__` must stay a plain property.
    if (parameter.name === "__proto__") Object.defineProperty(params, parameter.name, { value, enumerable: true, writable: true, configurable: true });
    else params[parameter.name] = value;
  }
  return undefined;
}
