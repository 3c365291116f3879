// Two models compared: the API-level parts, each operation matched by id (else by route), and the
// named types the operations reach, each pair compared once for the side that sends it.
import type { ApiModel, OperationModel } from "../model/types.js";
import { compareTypes, type NamedPair, type TypeComparison } from "./compare-types.js";
import { compareOperation, joinPath, routeKey, type Where } from "./compare-operation.js";
import { compareLimits } from "./compare-limits.js";
import { compareAccess } from "./compare-access.js";
import { RULES, sentence } from "./rules.js";
import type { Side } from "./sides.js";
import type { Facts, Finding, Place, Report } from "./types.js";


export function compareModels(before: Side, after: Side): Finding[] {
  const findings: Finding[] = [];
  const add = (rule: string, facts: Facts, place: Place = {}): void => {
    const known = RULES[rule];
    if (!known) throw new Error(`no rule ${rule}`);
    findings.push({
      rule,
      level: known.level,
      side: known.side,
      ...(place.operation !== undefined && { operation: place.operation }),
      ...(place.renamedFrom !== undefined && { renamedFrom: place.renamedFrom }),
      ...(place.route !== undefined && { route: place.route }),
      ...(place.type !== undefined && { type: place.type }),
      ...(place.operations !== undefined && { operations: place.operations }),
      subject: facts.subject,
      ...(place.old && { old: place.old }),
      ...(place.new && { new: place.new }),
      message: sentence(rule, facts),
    });
  };
  compareApi(before, after, add);
  const reached = new Map<string, { pair: NamedPair; where: "request" | "response"; operations: Set<string> }>();
  for (const [old, next] of matchOperations(before.model, after.model, before, after, add)) {
    const place: Place = { operation: next.id, route: `${next.method} ${next.path}`, old: before.at(old.source), new: after.at(next.source) };
    const report: Report = (rule, facts) => add(rule, facts, place);
    const pairs = compareOperation(old, next, report, [before.model, after.model]);
    compareAccess(old, next, report);
    compareLimits(old.limits, next.limits, report);
    for (const [pair, where] of pairs) {
      const key = `${where}:${pair[0]}:${pair[1]}`;
      let entry = reached.get(key);
      if (!entry) reached.set(key, (entry = { pair, where, operations: new Set() }));
      entry.operations.add(next.id);
    }
  }
  compareNamedTypes(before, after, reached, add);
  return findings.sort(byPlace);
}

const LEVELS = { breaking: 0, compatible: 1, info: 2 };

function byPlace(a: Finding, b: Finding): number {
  return LEVELS[a.level] - LEVELS[b.level] || compare(a.operation ?? a.type ?? "", b.operation ?? b.type ?? "") || compare(a.rule, b.rule) || compare(a.subject, b.subject) || compare(a.message, b.message);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type Add = (rule: string, facts: Facts, place?: Place) => void;

/** Auth, security schemes, token kinds, limit groups, servers and named types declared or dropped. */
function compareApi(before: Side, after: Side, add: Add): void {
  const [a, b] = [before.model, after.model];
  const idPlace = (id: string): Place => ({ old: before.find(idPattern(id)), new: after.find(idPattern(id)) });
  if (a.auth.header.toLowerCase() !== b.auth.header.toLowerCase()) add("auth-header-changed", { subject: "auth header", old: a.auth.header, new: b.auth.header }, { old: before.find(/^\s*header\s*:/m), new: after.find(/^\s*header\s*:/m) });
  byId(a.auth.tokenKinds, b.auth.tokenKinds, {
    removed: (kind) => add("token-kind-declared-removed", { subject: kind.id, old: kind.id }, idPlace(kind.id)),
    added: (kind) => add("token-kind-declared-added", { subject: kind.id, new: kind.id }, idPlace(kind.id)),
  });
  const scheme = (item: NonNullable<typeof a.auth.schemes>[number]): string => [item.type, item.scheme, item.in, item.name].filter(Boolean).join(" ");
  byId(a.auth.schemes ?? [], b.auth.schemes ?? [], {
    removed: (item) => add("security-scheme-removed", { subject: item.id, old: item.id }, idPlace(item.id)),
    added: (item) => add("security-scheme-added", { subject: item.id, new: item.id }, idPlace(item.id)),
    both: (old, next) => {
      if (scheme(old) !== scheme(next)) add("security-scheme-changed", { subject: old.id, old: scheme(old), new: scheme(next) }, idPlace(old.id));
    },
  });
  byId(a.limitGroups ?? [], b.limitGroups ?? [], {
    removed: (group) => add("limit-group-removed", { subject: group.id, old: group.id }, idPlace(group.id)),
    added: (group) => add("limit-group-added", { subject: group.id, new: group.id }, idPlace(group.id)),
  });
  byId(a.servers ?? [], b.servers ?? [], {
    removed: (server) => add("server-removed", { subject: server.id, old: `${server.id} (${server.url})` }, idPlace(server.id)),
    added: (server) => add("server-added", { subject: server.id, new: `${server.id} (${server.url})` }, idPlace(server.id)),
    both: (old, next) => {
      if (old.url !== next.url) add("server-url-changed", { subject: old.id, old: old.url, new: next.url }, idPlace(old.id));
    },
  });
  const types = new Set(b.types.map((type) => type.name));
  for (const type of a.types) if (!types.has(type.name)) add("type-removed", { subject: type.name, old: type.name }, { type: type.name, old: before.declared(type.name) });
  const oldTypes = new Set(a.types.map((type) => type.name));
  for (const type of b.types) if (!oldTypes.has(type.name)) add("type-added", { subject: type.name, new: type.name }, { type: type.name, new: after.declared(type.name) });
}

function idPattern(id: string): RegExp {
  return new RegExp(`\\bid\\s*:\\s*["']?${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']?\\s*(?:$|[,}])`, "m");
}

function byId<T extends { id: string }>(before: readonly T[], after: readonly T[], on: { removed(item: T): void; added(item: T): void; both?(old: T, next: T): void }): void {
  const next = new Map(after.map((item) => [item.id, item]));
  const old = new Set(before.map((item) => item.id));
  for (const item of before) {
    const found = next.get(item.id);
    if (found) on.both?.(item, found);
    else on.removed(item);
  }
  for (const item of after) if (!old.has(item.id)) on.added(item);
}

/** Operations of both versions paired by id, then the rest by route (an id changed); the unpaired are removed or added. */
function matchOperations(a: ApiModel, b: ApiModel, before: Side, after: Side, add: Add): [OperationModel, OperationModel][] {
  const all = (model: ApiModel) => model.modules.flatMap((module) => module.operations);
  const next = new Map(all(b).map((operation) => [operation.id, operation]));
  const pairs: [OperationModel, OperationModel][] = [];
  const lost: OperationModel[] = [];
  for (const operation of all(a)) {
    const found = next.get(operation.id);
    if (found) {
      pairs.push([operation, found]);
      next.delete(operation.id);
    } else lost.push(operation);
  }
  const byRoute = new Map([...next.values()].map((operation) => [routeKey(operation), operation]));
  for (const operation of lost) {
    const found = byRoute.get(routeKey(operation));
    const route = `${operation.method} ${operation.path}`;
    if (found) {
      byRoute.delete(routeKey(operation));
      next.delete(found.id);
      add("operation-id-changed", { subject: route, old: operation.id, new: found.id }, { operation: found.id, renamedFrom: operation.id, route: `${found.method} ${found.path}`, old: before.at(operation.source), new: after.at(found.source) });
      pairs.push([operation, found]);
    } else add("operation-removed", { subject: `${operation.id} (${route})` }, { operation: operation.id, route, old: before.at(operation.source) });
  }
  for (const operation of next.values()) add("operation-added", { subject: `${operation.id} (${operation.method} ${operation.path})` }, { operation: operation.id, route: `${operation.method} ${operation.path}`, new: after.at(operation.source) });
  return pairs;
}


/**
 * The named types the operations reach, each pair compared once for the side that sends it, and
 * the types those reach in turn (each finding lists the operations that reach it there).
 */
function compareNamedTypes(before: Side, after: Side, reached: Map<string, { pair: NamedPair; where: Where; operations: Set<string> }>, add: Add): void {
  const oldTypes = new Map(before.model.types.map((type) => [type.name, type.type]));
  const newTypes = new Map(after.model.types.map((type) => [type.name, type.type]));
  const done = new Map<string, TypeComparison | undefined>();
  const comparison = (pair: NamedPair, where: Where): TypeComparison | undefined => {
    const key = `${where}:${pair[0]}:${pair[1]}`;
    if (done.has(key)) return done.get(key);
    const [a, b] = [oldTypes.get(pair[0]), newTypes.get(pair[1])];
    const result = a && b ? compareTypes(a, b, where) : undefined;
    done.set(key, result);
    return result;
  };
  // Which operations reach each pair, the types reached through other types included.
  const reaching = new Map<string, { pair: NamedPair; where: Where; operations: Set<string> }>();
  for (const start of reached.values()) {
    const stack: NamedPair[] = [start.pair];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const pair = stack.pop()!;
      const key = `${start.where}:${pair[0]}:${pair[1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let entry = reaching.get(key);
      if (!entry) reaching.set(key, (entry = { pair, where: start.where, operations: new Set() }));
      for (const operation of start.operations) entry.operations.add(operation);
      for (const next of comparison(pair, start.where)?.pairs ?? []) stack.push(next);
    }
  }
  for (const { pair, where, operations } of reaching.values()) {
    const found = comparison(pair, where);
    if (!found || found.changes.length === 0) continue;
    const [oldName, newName] = pair;
    const place: Place = { type: newName, operations: [...operations].sort(), old: before.declared(oldName), new: after.declared(newName) };
    for (const change of found.changes) add(`${where}-${change.rule}`, { subject: joinPath(newName, change.path), ...(change.old !== undefined && { old: change.old }), ...(change.new !== undefined && { new: change.new }) }, place);
  }
}
