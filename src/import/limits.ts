// Rate limits from a vendor extension: { period, limit, interval, burst } with durations such as
// `1 min` or `600 ms` (or milliseconds as a number) and counts such as `100 requests`.
import type { RawLimit } from "../load/raw.js";
import { extensionValues } from "./auth.js";
import { isObject } from "./read.js";
import { DEFAULT_PRINCIPAL, PRINCIPAL } from "../shared/principal.js";
import { durationText as readableDuration, plural, UNIT_MILLISECONDS } from "../shared/duration.js";

/** How documents spell each catalogue unit. */
const UNIT_SPELLINGS: [RegExp, string][] = [
  [/^(ms|msecs?|millis|milliseconds?)$/, "millisecond"],
  [/^(s|secs?|seconds?)$/, "second"],
  [/^(m|mins?|minutes?)$/, "minute"],
  [/^(h|hrs?|hours?)$/, "hour"],
  [/^(d|days?)$/, "day"],
];

/** `1 min` -> `1 minute`, `600ms` -> `600 milliseconds`, 1500 (milliseconds) -> `1.5 seconds`; undefined when unreadable. */
export function durationText(value: unknown): { text: string; milliseconds: number } | undefined {
  if (typeof value === "number") return value > 0 ? { text: readableDuration(value), milliseconds: value } : undefined;
  if (typeof value !== "string") return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]+)\s*$/.exec(value);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = UNIT_SPELLINGS.find(([pattern]) => pattern.test(match[2]!.toLowerCase()))?.[1];
  if (!unit || amount <= 0) return undefined;
  return { text: plural(amount, unit), milliseconds: amount * UNIT_MILLISECONDS[unit]! };
}

/** `100`, `"100"`, `"100 requests"` -> 100; undefined unless a whole number of 1 or more. */
export function countOf(value: unknown): number | undefined {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(/^\s*(\d+)\s*(requests?|calls?)?\s*$/i.exec(value)?.[1]) : NaN;
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

export type LimitResult = { limit: RawLimit; derived: string[] } | { problem: string };

/**
 * One limit of the extension; interval and burst, when absent, follow from period and limit (and
 * say so). `tokens` (a list or a comma-separated string) names the kinds it applies to, through
 * `kindOf` (the catalogue's id of a kind as the document writes it; undefined: not a known kind).
 */
export function readLimit(value: unknown, kindOf: (value: string) => string | undefined = () => undefined): LimitResult {
  if (!isObject(value)) return { problem: "a limit must be an object with period, limit, interval and burst" };
  const scope = value.scope === undefined ? DEFAULT_PRINCIPAL : value.scope;
  if (typeof scope !== "string" || !PRINCIPAL.test(scope)) return { problem: `scope ${JSON.stringify(value.scope)} is not a word naming whose budget the limit counts (account, seller, tenant ...)` };
  const period = durationText(value.period);
  const limit = countOf(value.limit);
  if (!period) return { problem: `period ${JSON.stringify(value.period)} is not a duration such as "1 min"` };
  if (limit === undefined) return { problem: `limit ${JSON.stringify(value.limit)} is not a count such as "100 requests"` };
  const derived: string[] = [];
  let interval = value.interval === undefined ? undefined : durationText(value.interval);
  if (value.interval !== undefined && !interval) return { problem: `interval ${JSON.stringify(value.interval)} is not a duration` };
  if (!interval) {
    const ms = period.milliseconds / limit;
    if (!Number.isInteger(ms)) return { problem: "no interval, and period / limit is not a whole number of milliseconds" };
    interval = { text: readableDuration(ms), milliseconds: ms };
    derived.push(`interval ${interval.text} (period / limit)`);
  }
  let burst = value.burst === undefined ? undefined : countOf(value.burst);
  if (value.burst !== undefined && burst === undefined) return { problem: `burst ${JSON.stringify(value.burst)} is not a count` };
  if (burst === undefined) {
    burst = limit;
    derived.push(`burst ${limit} (the limit)`);
  }
  let tokens: string[] | undefined;
  if (value.tokens !== undefined) {
    const values = extensionValues(value.tokens);
    const unknown = values.find((kind) => kindOf(kind) === undefined);
    if (values.length === 0) return { problem: `tokens ${JSON.stringify(value.tokens)} names no token kind` };
    if (unknown !== undefined) return { problem: `token kind ${JSON.stringify(unknown)} is not one of the document's token kinds` };
    tokens = [...new Set(values.map((kind) => kindOf(kind)!))];
  }
  let errorCost: Record<string, number> | undefined;
  if (value.errorCost !== undefined) {
    const entries = isObject(value.errorCost) ? Object.entries(value.errorCost) : [];
    const wrong = entries.find(([status, cost]) => !/^([45][0-9][0-9]|[45]XX)$/.test(status) || !Number.isInteger(cost) || (cost as number) < 1);
    if (entries.length === 0 || wrong) return { problem: `errorCost ${JSON.stringify(value.errorCost)} is not { <4xx or 5xx status or class>: <requests> }, e.g. { "4XX": 10 }` };
    errorCost = Object.fromEntries(entries) as Record<string, number>;
  }
  return { limit: { scope, period: period.text, limit, interval: interval.text, burst, ...(tokens && { tokens }), ...(errorCost && { errorCost }) }, derived };
}

/**
 * The imported catalogue's principal: the document's `x-principal` (catalogen's export writes it),
 * else the one word other than account its limits name; none: the default, account.
 */
export function importedPrincipal(root: Record<string, unknown>, scopes: Iterable<string>): { principal?: string } {
  const named = root["x-principal"];
  if (typeof named === "string" && PRINCIPAL.test(named)) return { principal: named };
  const others = [...new Set(scopes)].filter((scope) => scope !== DEFAULT_PRINCIPAL);
  return others.length === 1 ? { principal: others[0]! } : {};
}
