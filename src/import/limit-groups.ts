// Rate-limit groups from the document: the limits extension with `-groups` appended (for
// `x-rate-limits`, `x-rate-limits-groups` on the document) holds a list of
// `{ id, description?, period, limit, interval?, burst?, tokens? }`, and an operation's limit
// entry `{ group: <id> }` spends from that group's budget. An entry that names a group the table
// lacks but carries the limit's fields defines the group where it first appears.
import type { RawLimit, RawLimitGroup, RawLimitRef } from "../load/raw.js";
import { parseDuration } from "../shared/duration.js";
import type { Auth } from "./auth.js";
import { readLimit } from "./limits.js";
import { limitGroupId, nameHash, NameRegistry, shortLimitGroupId, transliterated } from "./names.js";
import { at, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportReport } from "./report.js";
import { shortValue } from "./schemas.js";

/** The document-level extension that holds the groups of the limits extension `extension`. */
export const groupsExtension = (extension: string): string => `${extension}-groups`;

export class LimitGroupReader {
  /** By the id the document writes. */
  private readonly groups = new Map<string, RawLimitGroup>();
  /** The groups of each name that rate-limit tables give, by the name in lower case. */
  private readonly families = new Map<string, RawLimitGroup[]>();
  /** Group ids have a namespace of their own: `limit-group:<id>` in the registry. */
  private readonly names = new NameRegistry();

  constructor(
    private readonly docs: DocumentSet,
    private readonly report: ImportReport,
    private readonly auth: Auth,
    private readonly extension: string | undefined,
  ) {
    if (extension === undefined) return;
    const name = groupsExtension(extension);
    const table = (docs.get(docs.root) as Record<string, unknown>)[name];
    if (table === undefined) return;
    const place = at(docs.root, name);
    if (!Array.isArray(table)) {
      report.lost(docs.pointer(place), `${name}: ${shortValue(table)} (a list of { id, period, limit, ... } was expected)`);
      return;
    }
    table.forEach((entry, i) => this.define(entry, at(place, i)));
  }

  /** The catalogue's id for a token kind as the document writes it (a kind id, a value of the token-kinds extension or a scheme name). */
  readonly kindOf = (value: string): string | undefined =>
    this.auth.kindOfValue.get(value) ?? this.auth.kindOfScheme.get(value) ?? (this.auth.tokenKinds.some((kind) => kind.id === value) ? value : undefined);

  /** The token kinds of the group with the catalogue id `id`; undefined: every kind. */
  tokensOf(id: string): string[] | undefined {
    return [...this.groups.values()].find((group) => group.id === id)?.tokens;
  }

  /** api.limitGroups, in the order they were defined. */
  get limitGroups(): RawLimitGroup[] {
    return [...this.groups.values()];
  }

  /**
   * An operation's limit entry with a `group`: the reference, once the group is known (from the
   * table, or defined by this entry's own fields); undefined (and reported) otherwise.
   */
  reference(entry: Record<string, unknown>, place: Place): RawLimitRef | undefined {
    const source = String(entry.group);
    const known = this.groups.get(source) ?? (hasLimitFields(entry) ? this.define(entry, place, `limit group "${source}" from this operation's limit (the document's ${groupsExtension(this.extension!)} does not declare it)`) : undefined);
    if (!known) {
      this.report.lost(this.docs.pointer(place), `rate limit naming group ${shortValue(entry.group)}, which ${groupsExtension(this.extension!)} does not declare`);
      return undefined;
    }
    return { group: known.id };
  }

  /**
   * The budget a rate-limit table under a group heading states (`source`: the heading's name). A
   * name is one group per distinct budget its tables state: the same values share one group (its
   * kinds the union of theirs); other values for other kinds (a table's Base row) are a group of
   * their own (`<id>-base`); other values for the same kinds are the operation's own limit beside
   * the group's first budget (the document contradicts itself: both are kept, and said).
   */
  shared(source: string, limit: RawLimit, place: Place): RawLimitRef {
    return this.sharedBudget(source, limit, place, false).ref;
  }

  /** As `shared`; with `keepOwn`, a table of the same kinds with other values is also the operation's own limit (`own`). */
  sharedBudget(source: string, limit: RawLimit, place: Place, keepOwn = true): { ref: RawLimitRef; own?: RawLimit } {
    const key = `table:${source.toLowerCase().replace(/ё/g, "е")}`;
    const family = this.families.get(key) ?? [];
    this.families.set(key, family);
    const pointer = this.docs.pointer(place);
    const same = family.find((group) => sameBudget(group, limit));
    if (same) {
      if (!same.tokens || !limit.tokens) delete same.tokens;
      else for (const kind of limit.tokens) if (!same.tokens.includes(kind)) same.tokens.push(kind);
      return { ref: { group: same.id } };
    }
    const overlapping = family.find((group) => !group.tokens || !limit.tokens || group.tokens.some((kind) => limit.tokens!.includes(kind)));
    if (overlapping && !keepOwn) {
      this.report.lost(pointer, `the group "${source}"'s limit as this table states it, ${budget(limit)} (it differs from the first table of the group, ${budget(overlapping)}, whose values are kept)`);
      return { ref: { group: overlapping.id } };
    }
    if (overlapping) {
      this.report.derive(pointer, `the group "${source}"'s budget is ${budget(overlapping)} as its first table states it; this table states ${budget(limit)}, kept as the operation's own limit beside the group's`);
      return { ref: { group: overlapping.id }, own: limit };
    }
    const base = limitGroupId(transliterated(source));
    const id = this.claim(family.length === 0 ? base : `${base}-${limit.tokens?.join("-") ?? "all"}`);
    this.report.derive(pointer, `limit group ${id} for the methods of "${source}"${limit.tokens ? ` (${limit.tokens.join(", ")} tokens)` : ""} from the description's rate-limit table`);
    const group: RawLimitGroup = { id, description: `Shared by the methods of ${source}${limit.tokens && family.length > 0 ? ` (${limit.tokens.join(", ")} tokens)` : ""}.`, ...limit, ...(limit.tokens && { tokens: [...limit.tokens] }) };
    family.push(group);
    this.groups.set(`${key}:${id}`, group);
    return { ref: { group: id } };
  }

  private define(entry: unknown, place: Place, derived?: string): RawLimitGroup | undefined {
    const pointer = this.docs.pointer(place);
    if (!isObject(entry) || (typeof entry.id !== "string" && typeof entry.group !== "string")) {
      this.report.lost(pointer, `limit group ${shortValue(entry)}: a group needs an id`);
      return undefined;
    }
    const source = typeof entry.id === "string" ? entry.id : String(entry.group);
    if (this.groups.has(source)) {
      this.report.lost(pointer, `limit group "${source}" declared again (the first declaration is kept)`);
      return undefined;
    }
    const result = readLimit(entry, this.kindOf);
    if ("problem" in result) {
      this.report.lost(pointer, `limit group "${source}": ${result.problem}`);
      return undefined;
    }
    const id = this.claim(source);
    if (id !== source) this.report.renamed("limit group", source, id, pointer);
    if (derived) this.report.derive(pointer, derived);
    for (const what of result.derived) this.report.derive(pointer, what);
    const description = typeof entry.description === "string" && entry.description.trim() !== "" ? entry.description : undefined;
    const group: RawLimitGroup = { id, ...(description !== undefined && { description }), ...result.limit };
    this.groups.set(source, group);
    return group;
  }

  /**
   * The catalogue id of a group the document calls `source`: safe, and distinct from every earlier
   * group's. A name too long for an id reads by its words (shortLimitGroupId), with a hash of the
   * whole name only when another group's id already reads the same.
   */
  private claim(source: string): string {
    const identifiers = (candidate: string) => [`limit-group:${candidate}`];
    const short = shortLimitGroupId(source);
    if (short === undefined) return this.names.claim(limitGroupId(source), identifiers, "-");
    return this.names.claim(this.names.isFree(identifiers(short)) ? short : `${short}-${nameHash(source)}`, identifiers, "-");
  }
}

function sameBudget(group: RawLimitGroup, limit: RawLimit): boolean {
  return group.period === limit.period && group.limit === limit.limit && group.interval === limit.interval && group.burst === limit.burst && JSON.stringify(group.errorCost ?? {}) === JSON.stringify(limit.errorCost ?? {});
}

function budget(limit: RawLimit): string {
  return `${limit.limit} per ${limit.period} (interval ${limit.interval}, burst ${limit.burst})`;
}

function hasLimitFields(entry: Record<string, unknown>): boolean {
  return entry.period !== undefined && entry.limit !== undefined;
}

/**
 * Drops an operation's limits the catalogue would refuse: an own limit's kinds the operation does
 * not accept (the limit too when none is left), a second own limit for the same kind over the same
 * period, a second reference to one group, and a reference to a group only for kinds it does not accept.
 */
export function keepConsistent(
  limits: { limit: RawLimit | RawLimitRef; place: Place }[],
  accepted: readonly string[] | undefined,
  groupTokens: (id: string) => readonly string[] | undefined,
  lost: (place: Place, what: string) => void,
): (RawLimit | RawLimitRef)[] {
  const kept: (RawLimit | RawLimitRef)[] = [];
  for (const { limit, place } of limits) {
    if ("group" in limit) {
      const kinds = groupTokens(limit.group);
      if (kept.some((other) => "group" in other && other.group === limit.group)) lost(place, `a second reference to limit group "${limit.group}"`);
      else if (accepted && kinds && !kinds.some((kind) => accepted.includes(kind))) {
        lost(place, `limit group "${limit.group}" (it applies to ${kinds.join(", ")} tokens, which the operation does not accept)`);
      } else kept.push(limit);
      continue;
    }
    let own = limit;
    if (own.tokens && accepted) {
      const tokens = own.tokens.filter((kind) => accepted.includes(kind));
      if (tokens.length < own.tokens.length) lost(place, `tokens ${own.tokens.filter((kind) => !accepted.includes(kind)).join(", ")} of a rate limit (the operation does not accept them)`);
      if (tokens.length === 0) continue;
      own = { ...own, tokens };
    }
    const period = parseDuration(own.period);
    const clash = kept.some(
      (other) =>
        !("group" in other) &&
        parseDuration(other.period) === period &&
        (!other.tokens || !own.tokens || other.tokens.some((kind) => own.tokens!.includes(kind))),
    );
    if (clash) lost(place, `rate limit ${own.limit} per ${own.period}: another limit of the operation applies to the same token kinds over the same period`);
    else kept.push(own);
  }
  return kept;
}
