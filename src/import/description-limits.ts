// An operation's rate limits from the tables in its description (or, when it has none, in its first
// tag's): the limits, group budgets and error cost src/import/limit-tables.ts reads, with what it
// could not hold reported at the description's place and what it could not read at its line.
import type { RawLimit, RawLimitRef } from "../load/raw.js";
import type { Auth } from "./auth.js";
import type { LimitGroupReader } from "./limit-groups.js";
import { limitsFromDescription } from "./limit-tables.js";
import { tokenKindId } from "./names.js";
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
  const pointer = docs.pointer(source.place);
  const found = limitsFromDescription(source.text, words, (kind, label) => kindOf(auth, words, kind, label) ?? declaredKind(auth, report, pointer, kind, label));
  if (found.tables === 0) return undefined;
  for (const what of found.lost) report.lost(pointer, `${what} (rate-limit table of the description)`, "rate-limit table cells and rows the catalogue cannot hold");
  for (const what of found.derived) report.derive(pointer, what);
  for (const { offset, what, words: seen } of found.unread) {
    report.unreadText({ file: docs.shown(source.place.file), position: docs.position(source.place, offset), pointer, what, words: seen });
  }
  if (found.errorCost && found.limits.length === 0) {
    report.lost(pointer, `the cost of error answers (${Object.entries(found.errorCost).map(([status, cost]) => `${status}: ${cost} requests`).join(", ")}): the description's tables give no limit to charge it to`, "rate-limit table cells and rows the catalogue cannot hold");
  }
  const limits: { limit: RawLimit | RawLimitRef; place: Place }[] = [];
  for (const { limit, group } of found.limits) {
    const withCost: RawLimit = { ...limit, ...(found.errorCost && { errorCost: { ...found.errorCost } }) };
    if (group === undefined) {
      limits.push({ limit: withCost, place: source.place });
      continue;
    }
    const { ref, own } = groups.sharedBudget(group, withCost, source.place);
    if (!limits.some((other) => "group" in other.limit && other.limit.group === ref.group)) limits.push({ limit: ref, place: source.place });
    if (own) limits.push({ limit: own, place: source.place });
  }
  return limits;
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
  return auth.tokenKinds.find((declared) => spellings.has(compact(declared.id)))?.id;
}

/**
 * A kind of the dictionary that a table names and the document does not declare (the marketplace
 * defines its base tokens in prose only): declared with the dictionary's key as its id, and said
 * so. Not where the kinds are the document's security schemes: there a kind is a scheme.
 */
function declaredKind(auth: Auth, report: ImportReport, pointer: string, kind: string, label: string): string | undefined {
  if (auth.schemes !== undefined) return undefined;
  const id = tokenKindId(kind);
  if (auth.tokenKinds.some((declared) => declared.id === id)) return undefined;
  auth.tokenKinds.push({ id, description: `Token kind ${label} (named by the rate-limit tables; the document does not declare it)` });
  auth.kindOfValue.set(kind, id);
  report.derive(pointer, `token kind ${id} from the rate-limit table's row "${label}" (the document does not declare it)`);
  return id;
}

/** `basicWithSecret`, `base-with-secret`, `Base with secret` -> `basicwithsecret` ...: letters and digits only. */
function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}
