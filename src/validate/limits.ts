// Checks of rate limits the schema cannot express: durations and counts, the token kinds a limit
// applies to, api.limitGroups and the operations' `{ group }` references to them, and limits of
// one operation that contradict each other.
import type { YamlPath } from "../load/load.js";
import type { RawLimit, RawLimitGroup, RawLimitRef, RawOperation } from "../load/raw.js";
import { DURATION_UNITS, parseDuration } from "../shared/duration.js";
import { TOKEN_KIND } from "../shared/names.js";
import { DEFAULT_PRINCIPAL } from "../shared/principal.js";
import type { Place, Reporter } from "./reporter.js";

/** The declared groups by id, with where each is declared. */
export type LimitGroups = Map<string, { group: RawLimitGroup; place: Place }>;

export function isLimitRef(limit: RawLimit | RawLimitRef): limit is RawLimitRef {
  return "group" in limit;
}

/** api.limitGroups: safe distinct ids and sound limits. `api` is the place of the api section, if any. */
export function checkLimitGroups(report: Reporter, api: Place | undefined, groups: readonly RawLimitGroup[], tokenKinds: ReadonlySet<string>, principal?: string): LimitGroups {
  const known: LimitGroups = new Map();
  if (!api) return known;
  groups.forEach((group, index) => {
    const at = (...rest: YamlPath): Place => ({ file: api.file, path: [...api.path, "limitGroups", index, ...rest] });
    if (!TOKEN_KIND.test(group.id)) report.error(at("id"), `limit group "${group.id}" is not a safe id`, "use lowercase letters, digits, - and _, e.g. content");
    const earlier = known.get(group.id);
    if (earlier) report.error(at("id"), `limit group "${group.id}" is declared twice`, "group ids are unique; merge the two or rename one");
    else known.set(group.id, { group, place: at() });
    checkLimitFields(report, group, at, tokenKinds, undefined);
    checkScope(report, group.scope, at, principal);
  });
  return known;
}

/**
 * An operation's limits: its own (sound, kinds it accepts, no two for one kind over one period)
 * and its group references (declared, once each, for kinds it accepts).
 */
export function checkOperationLimits(
  report: Reporter,
  operation: RawOperation,
  place: (...rest: YamlPath) => Place,
  groups: LimitGroups,
  tokenKinds: ReadonlySet<string>,
  /** False when api.yaml could not be read: groups and kinds are then unknown, not missing. */
  apiKnown: boolean,
  /** api.principal; absent: the default. */
  principal?: string,
): void {
  const limits = operation.limits ?? [];
  const accepted = operation.tokens;
  const seenGroups = new Set<string>();
  limits.forEach((limit, i) => {
    const at = (...rest: YamlPath): Place => place("limits", i, ...rest);
    if (!isLimitRef(limit)) {
      checkLimitFields(report, limit, at, apiKnown ? tokenKinds : undefined, accepted);
      if (apiKnown) checkScope(report, limit.scope, at, principal);
      return;
    }
    if (seenGroups.has(limit.group)) report.error(at("group"), `limit group "${limit.group}" is named twice`, "one reference spends from the group's budget once per request");
    seenGroups.add(limit.group);
    const declared = groups.get(limit.group);
    if (!declared) {
      if (apiKnown) {
        const names = [...groups.keys()];
        report.error(at("group"), `unknown limit group "${limit.group}"`, names.length > 0 ? `declare it under api.limitGroups or use one of: ${names.join(", ")}` : "declare it under api.limitGroups in api.yaml");
      }
      return;
    }
    const kinds = declared.group.tokens;
    if (accepted && kinds && !kinds.some((kind) => accepted.includes(kind))) {
      report.error(at("group"), `limit group "${limit.group}" applies to ${kinds.join(", ")} tokens, which this operation does not accept`, `the operation accepts ${accepted.join(", ") || "no token kind"}; remove the reference or widen the group's tokens`);
    }
  });
  checkConflicts(report, limits, place);
}

/** Durations, counts and token kinds of one limit (an operation's own or a group's). */
function checkLimitFields(
  report: Reporter,
  limit: RawLimit,
  at: (...rest: YamlPath) => Place,
  tokenKinds: ReadonlySet<string> | undefined,
  accepted: readonly string[] | undefined,
): void {
  for (const key of ["period", "interval"] as const) {
    const ms = parseDuration(limit[key]);
    if (ms === undefined || ms <= 0) {
      report.error(at(key), `${key} "${limit[key]}" is not a positive duration with a known unit`, `write <number> <unit>, unit one of ${DURATION_UNITS.join(", ")}, e.g. "1 minute"`);
    }
  }
  for (const key of ["limit", "burst"] as const) {
    if (limit[key] < 1) report.error(at(key), `${key} must be a positive number of requests, not ${limit[key]}`, "write a whole number of 1 or more");
  }
  (limit.tokens ?? []).forEach((kind, i) => {
    if (limit.tokens!.indexOf(kind) !== i) report.error(at("tokens", i), `token kind "${kind}" is listed twice`);
    else if (tokenKinds && !tokenKinds.has(kind)) {
      report.error(at("tokens", i), `unknown token kind "${kind}" in a limit`, `declare it under api.auth.tokenKinds or use one of: ${[...tokenKinds].join(", ") || "(none declared)"}`);
    } else if (accepted && !accepted.includes(kind)) {
      report.error(at("tokens", i), `the limit names token kind "${kind}", which this operation does not accept`, `the operation's tokens are ${accepted.join(", ") || "(none)"}`);
    }
  });
  if (limit.tokens?.length === 0) report.error(at("tokens"), "a limit for no token kind never applies", "list the kinds it applies to, or leave tokens out for every kind");
}

/** A limit counts the budget of the catalogue's principal: its scope names it (`account` where api names none). */
function checkScope(report: Reporter, scope: string, at: (...rest: YamlPath) => Place, principal: string | undefined): void {
  if (scope === (principal ?? DEFAULT_PRINCIPAL)) return;
  if (principal !== undefined) {
    report.error(at("scope"), `limit scope "${scope}" is not the catalogue's principal "${principal}"`, `write scope: ${principal} (api.principal in api.yaml names whose budgets limits count)`);
  } else {
    report.error(at("scope"), `limit scope "${scope}" is not the catalogue's principal, which api.yaml does not name (default ${DEFAULT_PRINCIPAL})`, `add principal: ${scope} under api in api.yaml, or write scope: ${DEFAULT_PRINCIPAL}`);
  }
}

/**
 * Two limits of the operation's own that apply to one token kind over the same period would give
 * that kind two different answers to "how many per period": a contradiction, or a duplicate.
 */
function checkConflicts(report: Reporter, limits: readonly (RawLimit | RawLimitRef)[], place: (...rest: YamlPath) => Place): void {
  const own = limits.flatMap((limit, index) => (isLimitRef(limit) ? [] : [{ limit, index, ms: parseDuration(limit.period) }]));
  for (const [n, later] of own.entries()) {
    for (const earlier of own.slice(0, n)) {
      if (later.ms === undefined || later.ms !== earlier.ms) continue;
      const shared = sharedKinds(earlier.limit.tokens, later.limit.tokens);
      if (shared === undefined) continue;
      report.error(
        place("limits", later.index),
        `this limit and limits[${earlier.index}] both apply to ${shared} over ${later.limit.period}`,
        "keep one limit per token kind and period; give each its own kinds with tokens: [...]",
      );
      break;
    }
  }
}

/** The kinds both limits apply to, as words ("every token kind", "personal tokens"); undefined: none. */
function sharedKinds(a: readonly string[] | undefined, b: readonly string[] | undefined): string | undefined {
  if (!a && !b) return "every token kind";
  const both = !a ? b! : !b ? a : a.filter((kind) => b.includes(kind));
  return both.length > 0 ? `${both.join(", ")} tokens` : undefined;
}
