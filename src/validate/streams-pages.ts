// Checks of streamed media types (`items`, `events`) and paging (api.pagination, an operation's
// `pagination`) that the schema cannot express.
import type { YamlPath } from "../load/load.js";
import type { RawContent, RawOperation, RawPagination } from "../load/raw.js";
import { TOKEN_KIND } from "../shared/names.js";
import { STREAM_MEDIA_TYPES, streamFormat } from "../shared/streams.js";
import type { Place, Reporter } from "./reporter.js";
import { checkType, type TypeContext } from "./types.js";

/** `items` and `events` of one content map: only on streamed media types, `events` only on SSE. */
export function checkStreamContent(report: Reporter, types: TypeContext, content: RawContent, place: (...rest: YamlPath) => Place): void {
  for (const [contentType, media] of Object.entries(content)) {
    const format = streamFormat(contentType);
    if (media.items !== undefined) {
      if (format === undefined) {
        report.error(place(contentType, "items"), `"items" is for streamed media types, not ${contentType}`, `use it under one of ${STREAM_MEDIA_TYPES.join(", ")}, or give the body's type with schema`, { key: true });
      } else checkType(types, media.items, place(contentType, "items"), { property: false });
    }
    if (media.events !== undefined) {
      if (format !== "sse") {
        report.error(place(contentType, "events"), `"events" is for text/event-stream, not ${contentType}`, "give the type of each item with items", { key: true });
        continue;
      }
      for (const [name, type] of Object.entries(media.events)) {
        if (name === "" || /[\r\n]/.test(name)) report.error(place(contentType, "events", name), `event name "${name}" cannot be sent in an event stream`, "use a name without line breaks", { key: true });
        checkType(types, type, place(contentType, "events", name), { property: false });
      }
    }
  }
}

/** The fields each style needs. */
const NEEDS: Readonly<Record<string, readonly (keyof RawPagination)[]>> = {
  cursor: ["cursor", "next"],
  offset: ["offset"],
  page: ["page"],
  "next-url": ["next"],
  link: [],
};

/** api.pagination: safe distinct ids and the fields each style needs. Returns the definitions by id. */
export function checkPaginationDefinitions(report: Reporter, api: Place | undefined, definitions: readonly (RawPagination & { id: string })[]): Map<string, RawPagination> {
  const known = new Map<string, RawPagination>();
  if (!api) return known;
  definitions.forEach((definition, index) => {
    const at = (...rest: YamlPath): Place => ({ file: api.file, path: [...api.path, "pagination", index, ...rest] });
    if (!TOKEN_KIND.test(definition.id)) report.error(at("id"), `pagination "${definition.id}" is not a safe id`, "use lowercase letters, digits, - and _, e.g. cursor");
    if (known.has(definition.id)) report.error(at("id"), `pagination "${definition.id}" is declared twice`, "ids are unique; rename one");
    else known.set(definition.id, definition);
    checkFields(report, definition, at);
  });
  return known;
}

/** An operation's `pagination`: a known definition, a style, the fields it needs. */
export function checkOperationPagination(report: Reporter, operation: RawOperation, place: (...rest: YamlPath) => Place, definitions: ReadonlyMap<string, RawPagination>): void {
  const raw = operation.pagination;
  if (raw === undefined) return;
  const at = (...rest: YamlPath): Place => place("pagination", ...rest);
  let base: RawPagination = {};
  if (raw.use !== undefined) {
    const found = definitions.get(raw.use);
    if (!found) {
      const names = [...definitions.keys()];
      report.error(at("use"), `unknown pagination "${raw.use}"`, names.length > 0 ? `declare it under api.pagination or use one of: ${names.join(", ")}` : "declare it under api.pagination in api.yaml");
      return;
    }
    base = found;
  }
  if (raw.use === undefined && raw.style === undefined) {
    report.error(at(), "pagination needs a style (cursor, offset, page, next-url, link) or use: <id>", "e.g. pagination: { style: cursor, cursor: { in: query, name: cursor }, next: next_cursor }", { key: true });
    return;
  }
  checkFields(report, { ...base, ...raw }, at);
  const query = operation.parameters?.filter((p) => p.in === "query").map((p) => p.name);
  for (const field of ["cursor", "offset", "limit", "page"] as const) {
    const placed = raw[field] ?? base[field];
    if (placed?.in === "query" && query !== undefined && !query.includes(placed.name)) {
      report.error(raw[field] ? at(field, "name") : at("use"), `the ${field} goes in query parameter "${placed.name}", which the operation does not declare`, `declare it under parameters with in: query, or correct the name`);
    }
    if (placed?.in === "body" && (operation.method === "GET" || operation.method === "HEAD")) {
      report.error(raw[field] ? at(field, "in") : at("use"), `a ${operation.method} request has no body to carry the ${field}`, "use in: query");
    }
  }
}

function checkFields(report: Reporter, raw: RawPagination, at: (...rest: YamlPath) => Place): void {
  const style = raw.style ?? "cursor";
  for (const field of NEEDS[style] ?? []) {
    if (raw[field] === undefined) report.error(at(), `pagination style ${style} needs "${field}"`, hintFor(field), { key: true });
  }
  for (const field of ["items", "next"] as const) {
    const path = raw[field];
    if (path !== undefined && path !== "" && path.split(".").some((part) => part === "")) {
      report.error(at(field), `"${path}" is not a property path`, "write property names joined by dots, e.g. data.items");
    }
  }
}

function hintFor(field: keyof RawPagination): string {
  switch (field) {
    case "next":
      return "next: the dotted path in the response body, e.g. meta.next_cursor";
    default:
      return `${field}: { in: query, name: ${field} }`;
  }
}
