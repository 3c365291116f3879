// An operation's rate limits from the tables in its description (or, when it has none, in its first
// tag's): the limits, group budgets and error cost src/import/limit-tables.ts reads, with what it
// could not read reported at the description's place.
import type { RawLimit, RawLimitRef } from "../load/raw.js";
import type { Auth } from "./auth.js";
import type { LimitGroupReader } from "./limit-groups.js";
import { limitsFromDescription } from "./limit-tables.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";
import type { TableWords } from "./table-words.js";

export function tableLimits(
  docs: DocumentSet,
  report: ImportReport,
  auth: Auth,
  groups: LimitGroupReader,
  words: TableWords,
  operation: Record<string, unknown>,
  place: Place,
): { limit: RawLimit | RawLimitRef; place: Place }[] | undefined {
  const source = descriptionOf(docs, operation, place);
  if (!source) return undefined;
  const found = limitsFromDescription(source.text, words, (kind, label) => kindOf(auth, words, kind, label));
  if (found.tables === 0) return undefined;
  const pointer = docs.pointer(source.place);
  for (const what of found.lost) report.lost(pointer, `${what} (rate-limit table of the description)`, "rate-limit table cells and rows the catalogue cannot hold");
  for (const what of found.derived) report.derive(pointer, what);
  return found.limits.map(({ limit, group }) => {
    const withCost: RawLimit = { ...limit, ...(found.errorCost && { errorCost: { ...found.errorCost } }) };
    return { limit: group === undefined ? withCost : groups.shared(group, withCost, source.place), place: source.place };
  });
}

function descriptionOf(docs: DocumentSet, operation: Record<string, unknown>, place: Place): { text: string; place: Place } | undefined {
  if (typeof operation.description === "string" && hasTable(operation.description)) return { text: operation.description, place: at(place, "description") };
  const tag = Array.isArray(operation.tags) ? operation.tags[0] : undefined;
  const tags = (docs.get(docs.root) as Record<string, unknown>).tags;
  if (typeof tag !== "string" || !Array.isArray(tags)) return undefined;
  const index = tags.findIndex((item) => isObject(item) && item.name === tag);
  const description = index < 0 ? undefined : (tags[index] as Record<string, unknown>).description;
  if (typeof description !== "string" || !hasTable(description)) return undefined;
  return { text: description, place: at(docs.root, "tags", index, "description") };
}

function hasTable(text: string): boolean {
  return /^\s*\|.*\|\s*$/m.test(text) || /<table\b/i.test(text);
}

/** The catalogue's token kind whose document value (or id) is spelled as the dictionary's kind or one of its labels. */
export function kindOf(auth: Auth, words: TableWords, kind: string, label: string): string | undefined {
  const spellings = new Set([kind, label, ...(words.kinds[kind] ?? [])].map(compact));
  for (const [value, id] of auth.kindOfValue) if (spellings.has(compact(value)) || spellings.has(compact(id))) return id;
  for (const [scheme, id] of auth.kindOfScheme) if (spellings.has(compact(scheme)) || spellings.has(compact(id))) return id;
  return undefined;
}

/** `basicWithSecret`, `base-with-secret`, `Base with secret` -> `basicwithsecret` ...: letters and digits only. */
function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}
