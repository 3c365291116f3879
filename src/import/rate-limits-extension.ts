// A limits extension in its structured form, as documents that carry their limit tables as data
// write it on each operation:
//
//   { scope: "Request limit per one seller account for DBS assembly orders methods:",
//     limits: [{ type: "Personal", period: "1 min", limit: "300 requests", interval: "200 ms", burst: "20 requests" }, ...],
//     note: "One request with 4XX response codes is counted as 10 requests." }
//
// The rows are read by the description tables' reader (src/import/limit-tables.ts), so both sources
// are read with the same words and compared on equal terms; a scope that names a group makes the
// limits a budget the operations naming that group share; the note's cost sentence is the error cost.
import type { RawLimit, RawLimitRef } from "../load/raw.js";
import type { Auth } from "./auth.js";
import { kindOf } from "./description-limits.js";
import type { LimitGroupReader } from "./limit-groups.js";
import { limitsFromDescription, type DescriptionLimits } from "./limit-tables.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";
import { shortValue } from "./schemas.js";
import { normalWord, type TableWords } from "./table-words.js";

const ROW_FIELDS = ["type", "period", "limit", "interval", "burst"] as const;
/** The keys of the structured form this reader reads. */
const STRUCTURED_KEYS = ["scope", "limits", "note", "raw"];

/** Sentence forms of a scope that name the methods sharing its budget (English word order); each captures the name. */
const SCOPE_GROUP_FORMS = [
  /\bfor (?:all )?(?:the )?methods (?:in|of) (?:the )?(.+?)(?: category)?$/i,
  /\bfor all methods for (.+)$/i,
  /\bfor (?:all )?(?:the )?(.+?) methods$/i,
  /\bfor all (.+)$/i,
];

/** True for the structured form: an object with a `limits` list, or with a `raw` text instead. */
export function isStructuredLimits(value: unknown): value is Record<string, unknown> {
  return isObject(value) && (Array.isArray(value.limits) || (typeof value.raw === "string" && value.limits === undefined));
}

export interface StructuredContext {
  docs: DocumentSet;
  report: ImportReport;
  auth: Auth;
  groups: LimitGroupReader;
  words: TableWords;
}

/**
 * The limits of a structured extension value at `place` (an operation's `operation[name]`); when
 * the operation's description has a rate-limit table whose limits differ, the report says so with
 * the place of each. Undefined when nothing could be read (each reason reported).
 */
export function structuredLimits(
  context: StructuredContext,
  value: Record<string, unknown>,
  place: Place,
  operation: Record<string, unknown>,
  operationPlace: Place,
): { limit: RawLimit | RawLimitRef; place: Place }[] | undefined {
  const { docs, report, groups, words } = context;
  const pointer = docs.pointer(place);
  for (const key of Object.keys(value)) {
    if (!STRUCTURED_KEYS.includes(key)) report.lost(docs.pointer(at(place, key)), `${key}: ${shortValue(value[key])} (not held by the catalogue)`, "rate-limit extension fields the catalogue does not hold");
  }
  if (!Array.isArray(value.limits)) {
    report.lost(pointer, `the rate limit stated only in prose: ${shortValue(value.raw)} (no limits list to read)`, "rate limits stated only in prose");
    return undefined;
  }
  const found = readRows(context, value, place);
  if (found === undefined) return undefined;
  for (const what of found.lost) report.lost(pointer, `${what} (rate limits of the extension)`, "rate-limit extension rows the catalogue cannot hold");
  for (const what of found.derived) report.derive(pointer, what);
  compareWithTable(context, found, place, operation, operationPlace);
  const group = typeof value.scope === "string" ? scopeGroup(value.scope, words) : undefined;
  const limitsPlace = at(place, "limits");
  return found.limits.map(({ limit }) => {
    const withCost: RawLimit = { ...limit, ...(found.errorCost && { errorCost: { ...found.errorCost } }) };
    return { limit: group === undefined ? withCost : groups.shared(group, withCost, limitsPlace), place: limitsPlace };
  });
}

/** The rows as a Markdown table (cells made safe) and the note after it, read by the tables' reader. */
function readRows(context: StructuredContext, value: Record<string, unknown>, place: Place): DescriptionLimits | undefined {
  const { docs, report, auth, words } = context;
  const rows: string[] = [];
  const limits = value.limits as unknown[];
  // Without a type on any row, each row is every kind's limit (a table without a Type column).
  const fields = ROW_FIELDS.filter((field) => field !== "type" || limits.some((row) => isObject(row) && row.type !== undefined));
  for (const [i, row] of limits.entries()) {
    const cells = isObject(row) ? fields.map((field) => row[field]) : [];
    if (!isObject(row) || cells.some((cell) => cell !== undefined && typeof cell !== "string" && typeof cell !== "number")) {
      report.lost(docs.pointer(at(place, "limits", i)), `rate limit ${shortValue(row)} (not an object of texts: type, period, limit, interval, burst)`, "rate-limit extension rows the catalogue cannot hold");
      continue;
    }
    for (const key of Object.keys(row)) {
      if (!(ROW_FIELDS as readonly string[]).includes(key)) report.lost(docs.pointer(at(place, "limits", i, key)), `${key}: ${shortValue(row[key])} (not held by the catalogue)`, "rate-limit extension fields the catalogue does not hold");
    }
    rows.push(`| ${cells.map((cell) => (cell === undefined ? "" : String(cell).replace(/\s+/g, " ").replace(/\|/g, "\\|"))).join(" | ")} |`);
  }
  if (rows.length === 0) {
    if (limits.length === 0) report.lost(docs.pointer(at(place, "limits")), "an empty list of rate limits", "rate-limit extension rows the catalogue cannot hold");
    return undefined;
  }
  const header = `| ${fields.map((field) => words.columns[field][0]).join(" | ")} |\n|${" --- |".repeat(fields.length)}`;
  const note = typeof value.note === "string" ? value.note : "";
  const found = limitsFromDescription(`${header}\n${rows.join("\n")}\n\n${note}`, words, (kind, label) => kindOf(auth, words, kind, label));
  const strip = (what: string): string => what.replace(/^table 1, /, "");
  return { ...found, lost: found.lost.map(strip), derived: found.derived.map(strip) };
}

/**
 * The group a scope sentence names (`... for all methods in the Content category:` -> Content);
 * undefined for a scope of the operation alone (`Request limit per one seller account:`). A scope
 * whose first line introduces a list (`for the following methods:`) is named by the list.
 */
export function scopeGroup(scope: string, words: TableWords): string | undefined {
  const lines = scope.replace(/<[^>]*>/g, "").split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
  const first = (lines[0] ?? "").replace(/[\s:.;,]+$/, "");
  if (/\bthe following methods$/i.test(first) && lines.length > 1) return lines.slice(1).join(", ");
  for (const form of SCOPE_GROUP_FORMS) {
    const name = form.exec(first)?.[1]?.trim();
    if (name) return name;
  }
  // Other languages: the name follows one of the dictionary's group phrases (`для методов категории Контент`).
  for (const phrase of [...words.groupPhrases].sort((a, b) => b.length - a.length)) {
    const spelled = normalWord(phrase);
    const index = first.toLowerCase().replace(/ё/g, "е").indexOf(spelled);
    if (index >= 0) return first.slice(index + spelled.length).replace(/[*_`«»"“”]/g, "").trim() || undefined;
  }
  return undefined;
}

/** Reports where the operation's own description table states other limits than the extension. */
function compareWithTable(context: StructuredContext, extension: DescriptionLimits, place: Place, operation: Record<string, unknown>, operationPlace: Place): void {
  const { docs, report, auth, words } = context;
  if (typeof operation.description !== "string") return;
  const table = limitsFromDescription(operation.description, words, (kind, label) => kindOf(auth, words, kind, label));
  if (table.tables === 0) return;
  // A cost only one of them states is not a disagreement: the table's text may say it where its reader does not look.
  const costs = extension.errorCost !== undefined && table.errorCost !== undefined;
  const own = statement(extension, costs);
  const theirs = statement(table, costs);
  if (own === theirs) return;
  const descriptionPlace = at(operationPlace, "description");
  report.lost(
    docs.pointer(place),
    `the extension (${docs.position(place)}) says ${own}; the description's table (${docs.position(descriptionPlace)}) says ${theirs} (the extension's limits are kept)`,
    "rate limits on which the limits extension and the description's table disagree",
  );
}

/** The limits and error cost read, as one line in a fixed order: `personal+service 100/1 minute every 600 milliseconds burst 5; 4XX costs 10`. */
function statement(found: DescriptionLimits, withCost: boolean): string {
  const limits = found.limits
    .map(({ limit }) => `${limit.tokens?.join("+") ?? "every kind"} ${limit.limit}/${limit.period} every ${limit.interval} burst ${limit.burst}`)
    .sort();
  const cost = Object.entries((withCost && found.errorCost) || {}).map(([status, requests]) => `${status} costs ${requests}`);
  return [limits.join(", ") || "no limit", ...cost].join("; ");
}
