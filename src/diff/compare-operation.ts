// One operation in two versions: its route and lifecycle, parameters, request body and responses.
// The types met on the way are compared inline; the named types they reach are handed back, for
// compare.ts to compare once for every operation that reaches them.
import type { ApiModel, OperationModel, Parameter, RequestBody, ResponseModel, TypeNode } from "../model/types.js";
import { mediaEssence } from "../shared/media.js";
import { compareTypes, type NamedPair, type TypeComparison } from "./compare-types.js";
import type { Report } from "./types.js";

/** `GET /pets/{}`: a route whatever its parameters are called. */
export function routeKey(operation: OperationModel): string {
  return `${operation.method} ${operation.path.replace(/\{[^}]*\}/g, "{}")}`;
}

export type Where = "request" | "response";

/** Route, lifecycle, parameters, body and responses of one operation; the named types they reach, for the caller. */
export function compareOperation(old: OperationModel, next: OperationModel, report: Report, models: [ApiModel, ApiModel]): [NamedPair, Where][] {
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
export function joinPath(subject: string, path: string): string {
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
