// Two models compared: the API-level parts, each operation matched by id (else by route), and the
// named types the operations reach, each pair compared once for the side that sends it.
import type { ApiModel, OperationModel, Parameter, RequestBody, ResponseModel, TypeNode } from "../model/types.js";
import { mediaEssence } from "../shared/media.js";
import { compareTypes, type NamedPair, type TypeComparison } from "./compare-types.js";
import { compareLimits } from "./compare-limits.js";
import { compareAccess } from "./compare-access.js";
import { RULES, sentence } from "./rules.js";
import type { Side } from "./sides.js";
import type { Finding, Position } from "./types.js";

export interface Facts {
  subject: string;
  old?: string;
  new?: string;
}

/** Where a finding is, in both versions. */
export interface Place {
  operation?: string;
  renamedFrom?: string;
  route?: string;
  type?: string;
  operations?: string[];
  old?: Position | undefined;
  new?: Position | undefined;
}

export type Report = (rule: string, facts: Facts) => void;

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

/** `GET /pets/{}`: a route whatever its parameters are called. */
function routeKey(operation: OperationModel): string {
  return `${operation.method} ${operation.path.replace(/\{[^}]*\}/g, "{}")}`;
}

type Where = "request" | "response";

/** Route, lifecycle, parameters, body and responses of one operation; the named types they reach, for the caller. */
function compareOperation(old: OperationModel, next: OperationModel, report: Report, models: [ApiModel, ApiModel]): [NamedPair, Where][] {
  const pairs: [NamedPair, Where][] = [];
  const types = (before: TypeNode | undefined, after: TypeNode | undefined, where: Where, subject: string): void => {
    if (before === undefined || after === undefined) return;
    const comparison: TypeComparison = compareTypes(before, after, where);
    for (const change of comparison.changes) report(`${where}-${change.rule}`, { subject: joinPath(subject, change.path), ...(change.old !== undefined && { old: change.old }), ...(change.new !== undefined && { new: change.new }) });
    for (const pair of comparison.pairs) pairs.push([pair, where]);
  };
  const name = `${next.id} (${next.method} ${next.path})`;
  if (routeKey(old) !== routeKey(next)) report("operation-route-changed", { subject: next.id, old: `${old.method} ${old.path}`, new: `${next.method} ${next.path}` });
  if (!old.deprecated && next.deprecated) report("operation-deprecated", { subject: name });
  if (old.deprecated && !next.deprecated) report("operation-reactivated", { subject: name });
  // Servers an operation has because the API has them are the API's findings (server-removed).
  const everyServer = (operation: OperationModel, model: ApiModel): boolean => operation.servers?.length === model.servers?.length;
  const ownServers = !(everyServer(old, models[0]) && everyServer(next, models[1]));
  if (ownServers && old.servers && next.servers && old.servers.some((server) => !next.servers!.includes(server))) report("operation-servers-changed", { subject: name, old: old.servers.join(", "), new: next.servers.join(", ") });
  const paging = (operation: OperationModel): string => (operation.pagination ? JSON.stringify({ ...operation.pagination, definition: undefined }) : "none");
  if (paging(old) !== paging(next)) report("operation-pagination-changed", { subject: name, old: old.pagination?.style ?? "no paging", new: next.pagination?.style ?? "no paging" });
  if (old.idempotent !== next.idempotent) report("operation-idempotence-changed", { subject: name, old: old.idempotent ? "safe" : "not safe", new: next.idempotent ? "safe" : "not safe" });
  compareParameters(old, next, report, types);
  compareRequest(old.request, next.request, report, types);
  compareResponses(old.responses ?? [], next.responses ?? [], report, types);
  return pairs;
}

type Types = (before: TypeNode | undefined, after: TypeNode | undefined, where: Where, subject: string) => void;

/** `200 response body` and `.items[].id` → `200 response body: items[].id`. */
function joinPath(subject: string, path: string): string {
  return path === "" ? subject : `${subject}: ${path.replace(/^\./, "")}`;
}

function compareParameters(old: OperationModel, next: OperationModel, report: Report, types: Types): void {
  // Path parameters by place: a `{name}` renamed is the same parameter under another name (its argument's property).
  old.pathParams.forEach((parameter, index) => {
    const renamed = next.pathParams[index];
    if (renamed && renamed.name !== parameter.name) report("parameter-renamed", { subject: `path parameter ${renamed.name}`, old: parameter.name, new: renamed.name });
  });
  const list = (operation: OperationModel): Parameter[] => [...operation.pathParams, ...(operation.query ?? []), ...(operation.headers ?? []), ...(operation.cookies ?? [])];
  const key = (parameter: Parameter, index: number): string => (parameter.in === "path" ? `path:${index}` : `${parameter.in}:${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`);
  const keyed = (operation: OperationModel) => {
    let path = 0;
    return new Map(list(operation).map((parameter) => [key(parameter, parameter.in === "path" ? path++ : 0), parameter]));
  };
  const before = keyed(old);
  const after = keyed(next);
  for (const [id, parameter] of before) {
    const found = after.get(id);
    const subject = `${parameter.in} parameter ${found?.name ?? parameter.name}`;
    if (!found) {
      report("parameter-removed", { subject });
      continue;
    }
    if (!parameter.required && found.required) report("parameter-became-required", { subject });
    if (parameter.required && !found.required) report("parameter-became-optional", { subject });
    const style = (item: Parameter): string => `${item.style ?? "default style"}${item.explode === undefined ? "" : item.explode ? ", exploded" : ", not exploded"}`;
    if (style(parameter) !== style(found)) report("parameter-style-changed", { subject, old: style(parameter), new: style(found) });
    if (!parameter.deprecated && found.deprecated) report("parameter-deprecated", { subject });
    types(parameter.schema, found.schema, "request", subject);
  }
  for (const [id, parameter] of after) {
    if (before.has(id)) continue;
    report(parameter.required ? "parameter-added-required" : "parameter-added-optional", { subject: `${parameter.in} parameter ${parameter.name}` });
  }
}

function compareRequest(old: RequestBody | null | undefined, next: RequestBody | null | undefined, report: Report, types: Types): void {
  const media = (body: RequestBody): string => body.content.map((item) => item.contentType).join(", ") || "no content type";
  if (!old && !next) return;
  if (!old) return report(next!.required ? "request-body-added-required" : "request-body-added-optional", { subject: "request body", new: media(next!) });
  if (!next) return report("request-body-removed", { subject: "request body", old: media(old) });
  if (!old.required && next.required) report("request-body-became-required", { subject: "request body" });
  if (old.required && !next.required) report("request-body-became-optional", { subject: "request body" });
  byMedia(old.content, next.content, {
    removed: (item) => report("request-media-type-removed", { subject: "request body", old: item.contentType }),
    added: (item) => report("request-media-type-added", { subject: "request body", new: item.contentType }),
    both: (a, b) => {
      const subject = old.content.length > 1 || next.content.length > 1 ? `body (${b.contentType})` : "body";
      types(a.schema, b.schema, "request", subject);
      types(a.items, b.items, "request", `${subject} items`);
    },
  });
}

function byMedia<T extends { contentType: string }>(before: readonly T[], after: readonly T[], on: { removed(item: T): void; added(item: T): void; both(old: T, next: T): void }): void {
  const next = new Map(after.map((item) => [mediaEssence(item.contentType), item]));
  const old = new Set(before.map((item) => mediaEssence(item.contentType)));
  for (const item of before) {
    const found = next.get(mediaEssence(item.contentType));
    if (found) on.both(item, found);
    else on.removed(item);
  }
  for (const item of after) if (!old.has(mediaEssence(item.contentType))) on.added(item);
}

const success = (status: string): boolean => /^2/.test(status);

function compareResponses(old: readonly ResponseModel[], next: readonly ResponseModel[], report: Report, types: Types): void {
  const after = new Map(next.map((response) => [response.status.toUpperCase(), response]));
  const before = new Set(old.map((response) => response.status.toUpperCase()));
  for (const response of old) {
    const found = after.get(response.status.toUpperCase());
    if (!found) {
      report(success(response.status) ? "response-success-status-removed" : "response-error-status-removed", { subject: `response ${response.status}`, old: response.status });
      continue;
    }
    const subject = `${response.status} response`;
    byMedia(response.content, found.content, {
      removed: (item) => report("response-media-type-removed", { subject, old: item.contentType }),
      added: (item) => report("response-media-type-added", { subject, new: item.contentType }),
      both: (a, b) => {
        const body = response.content.length > 1 || found.content.length > 1 ? `${subject} body (${b.contentType})` : `${subject} body`;
        types(a.schema, b.schema, "response", body);
        types(a.items, b.items, "response", `${body} items`);
      },
    });
    const headers = new Map((found.headers ?? []).map((header) => [header.name.toLowerCase(), header]));
    for (const header of response.headers ?? []) {
      const same = headers.get(header.name.toLowerCase());
      const name = `${subject} header ${header.name}`;
      if (!same) report("response-header-removed", { subject: name });
      else {
        if (header.required && !same.required) report("response-header-became-optional", { subject: name });
        if (!header.required && same.required) report("response-header-became-required", { subject: name });
        types(header.schema, same.schema, "response", name);
      }
    }
    const known = new Set((response.headers ?? []).map((header) => header.name.toLowerCase()));
    for (const header of found.headers ?? []) if (header.required && !known.has(header.name.toLowerCase())) report("response-header-added-required", { subject: `${subject} header ${header.name}` });
  }
  for (const response of next) {
    if (before.has(response.status.toUpperCase())) continue;
    report(success(response.status) ? "response-success-status-added" : "response-error-status-added", { subject: `response ${response.status}`, new: response.status });
  }
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
