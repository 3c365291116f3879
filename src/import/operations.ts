// OpenAPI path items -> catalogue operations (the plain intermediate of src/import/ir.ts).
import { lineLeadingDescription } from "./lines.js";
import type { RawContent, RawExample, RawHeader, RawLimit, RawLimitRef, RawOperation, RawPagination, RawParameter, RawRequest, RawResponse } from "../load/raw.js";
import { encodingOf, parameterStyleOf } from "./styles.js";
import { parsePathTemplate, pathOnly, type PathPart } from "../shared/path-template.js";
import { FRAGMENT_TEXT, HEADER_NAME, PARAM_NAME, QUERY_TEXT, RESERVED_ARGUMENT_KEYS, routeShape, STATIC_SEGMENT } from "../shared/names.js";
import { METHODS, operationSecurity, operationTokens, type Auth } from "./auth.js";
import { keepConsistent, type LimitGroupReader } from "./limit-groups.js";
import { readLimit } from "./limits.js";
import { operationId, operationIdentifiers, snakeName, type NameRegistry } from "./names.js";
import { at, documentText, isObject, type DocumentSet, type Place } from "./read.js";
import type { ImportedOperation } from "./ir.js";
import type { ImportReport } from "./report.js";
import { PAGING_EXTENSIONS, readPagination, STREAM_KEYS, streamContent } from "./streams-pages.js";
import { streamFormat } from "../shared/streams.js";
import { shortValue, type SchemaConverter } from "./schemas.js";
import { isMediaTypeKey, sharedResponseRef } from "./responses.js";
import { mediaEssence } from "../shared/media.js";
import { readAccess, type AccessExtensions } from "./access.js";
import { tableLimits } from "./description-limits.js";
import { readExternalDocs } from "./external-docs.js";
import { DEFAULT_TABLE_WORDS, type TableWords } from "./table-words.js";
import { isStructuredLimits, structuredLimits } from "./rate-limits-extension.js";

export interface OperationOptions {
  moduleBy: "tag" | "path";
  tokenKindsExtension?: string;
  limitsExtension?: string;
  /** Limit groups of the document (`<limitsExtension>-groups`) and the token kinds limits may name. */
  limitGroups?: LimitGroupReader;
  /** catalogen's own export: what its extensions and texts mean (src/import/dialect.ts). */
  dialect?: Dialect;
  /** The document's shared paging definitions (its `x-pagination`), by id. */
  paginations?: ReadonlyMap<string, RawPagination>;
  /** Rate-limit tables in descriptions are read with these words; undefined: not read. */
  tableWords?: TableWords;
  /** Operation extensions with the token categories that may call it and whether a read-only token may. */
  access?: AccessExtensions;
}

export interface Dialect {
  text(description: string): string;
  operation(operation: Record<string, unknown>, raw: RawOperation): void;
  parameterDescription(description: string): string | undefined;
  responseDescription(description: string): string | undefined;
  /** A response the exporter made from the token kinds or limits (re-made on export, so not read back). */
  derivedResponse(response: Record<string, unknown>): boolean;
}


const OPERATION_KEYS = new Set(["summary", "description", "operationId", "parameters", "requestBody", "responses", "security", "tags", "servers", "deprecated", "externalDocs"]);

export class OperationReader {
  private readonly routes = new Map<string, string>();
  private readonly templates = new Map<string, string>();
  readonly operations: ImportedOperation[] = [];

  constructor(
    private readonly docs: DocumentSet,
    private readonly report: ImportReport,
    private readonly names: NameRegistry,
    private readonly schemas: SchemaConverter,
    private readonly auth: Auth,
    private readonly options: OperationOptions,
  ) {}

  private lost(place: Place, what: string): void {
    const kind = what.startsWith("the whole operation") ? "whole operation the catalogue cannot hold" : undefined;
    this.report.lost(this.docs.pointer(place), what, kind);
  }

  private text(value: unknown): string | undefined {
    return documentText(value, this.options.dialect);
  }

  readAll(): void {
    const pathsPlace = at(this.docs.root, "paths");
    const paths = this.docs.get(pathsPlace);
    if (paths === undefined) return;
    if (!isObject(paths)) this.docs.fail(pathsPlace, "paths must be an object");
    for (const path of Object.keys(paths)) {
      if (path.startsWith("x-")) {
        this.lost(at(pathsPlace, path), "vendor extension on paths");
        continue;
      }
      if (!path.startsWith("/")) this.docs.fail(at(pathsPlace, path), `path "${path}" must start with /`);
      const { value: item, place } = this.docs.deref(at(pathsPlace, path));
      if (!isObject(item)) this.docs.fail(at(pathsPlace, path), "a path item must be an object");
      for (const key of Object.keys(item)) {
        if ((METHODS as readonly string[]).includes(key) || key === "parameters" || key === "$ref" || key === "servers") continue;
        this.lost(at(place, key), `${key} of the path item: ${shortValue(item[key])} (not held by the catalogue)`);
      }
      // Methods in the document's order (the order the source lists them in).
      for (const method of Object.keys(item).filter((key) => (METHODS as readonly string[]).includes(key))) {
        const operation = item[method];
        if (!isObject(operation)) this.docs.fail(at(place, method), "an operation must be an object");
        if (method === "trace") {
          this.lost(at(place, method), "the whole operation: TRACE (the catalogue has no TRACE method)");
          continue;
        }
        this.readOperation(path, method.toUpperCase(), operation, at(place, method), item, place);
      }
    }
  }

  private readOperation(
    sourcePath: string,
    method: string,
    operation: Record<string, unknown>,
    place: Place,
    item: Record<string, unknown>,
    itemPlace: Place,
  ): void {
    const pointer = this.docs.pointer(place);
    const renames = new Map<string, string>();
    // `?name={param}` in the path key: the parameter is a query parameter `name` (key: the parameter's name).
    const queried = new Map<string, string>();
    const path = this.catalogPath(sourcePath, place, renames, queried);
    if (path === undefined) return;
    const route = routeShape(method, path);
    if (this.routes.has(route)) {
      this.lost(place, `the whole operation: ${method} ${sourcePath} matches the same requests as ${this.routes.get(route)}`);
      return;
    }
    this.routes.set(route, `${method} ${sourcePath}`);

    const extension = this.options.limitsExtension;
    const extensions = new Set([this.options.tokenKindsExtension, extension, this.options.access?.categories, this.options.access?.readOnly, ...PAGING_EXTENSIONS, ...(this.options.dialect ? ["x-constraints", "x-idempotent", "x-not-documented"] : [])]);
    for (const key of Object.keys(operation)) {
      if (OPERATION_KEYS.has(key) || extensions.has(key)) continue;
      const reason = key === "deprecated" ? "the catalogue language has no deprecation" : key.startsWith("x-") ? "vendor extension" : "not held by the catalogue";
      this.report.lost(this.docs.pointer(at(place, key)), `${key}: ${shortValue(operation[key])} (${reason})`, `operation ${key} (${reason})`);
    }

    const sourceId = typeof operation.operationId === "string" && operation.operationId !== "" ? operation.operationId : undefined;
    const base = operationId(sourceId ?? `${method.toLowerCase()} ${sourcePath.replace(/\{([^}]*)\}/g, "by $1")}`);
    const id = this.names.claim(base, operationIdentifiers);
    if (sourceId) this.report.renamed("operation", sourceId, id, pointer);
    else this.report.derive(pointer, `operation id ${id} from method and path (no operationId)`);

    // The catalogue's summary is one line of at most 1,000 characters: a longer one leads the description.
    const { line: summary, description, shortened } = lineLeadingDescription(this.summary(operation, method, sourcePath, place), this.text(operation.description));
    if (shortened !== undefined) this.report.derive(this.docs.pointer(at(place, "summary")), `summary ${shortened}; the whole text leads the description`);
    const raw: RawOperation = { id, method, path, summary, ...(description !== undefined && { description }) };
    if (operation.deprecated === true) raw.deprecated = true;
    const externalDocs = readExternalDocs(this.docs, this.report, at(place, "externalDocs"), (value) => this.text(value));
    if (externalDocs) raw.externalDocs = externalDocs;

    const tokens = operationTokens(this.docs, this.report, this.auth, operation, place, this.options.tokenKindsExtension);
    if (tokens) raw.tokens = tokens;
    if (this.options.access) Object.assign(raw, readAccess(operation, place, this.options.access, (where, what) => this.lost(where, what)));
    const security = operationSecurity(this.docs, this.report, this.auth, operation, place);
    if (security) {
      raw.security = security.security;
      if (security.scopes) raw.securityScopes = security.scopes;
    }
    const limits = this.limits(operation, place, tokens) ?? this.tableLimits(operation, place, tokens);
    if (limits) raw.limits = limits;

    raw.parameters = this.parameters(operation, place, item, itemPlace, path, renames, queried);
    const request = this.request(operation, place, method);
    if (request !== undefined) raw.request = request;
    const responses = this.responses(operation, place);
    const pagination = readPagination(this.docs, this.report, operation, place, raw, this.options.paginations ?? new Map());
    if (pagination) raw.pagination = pagination;
    if (responses !== undefined) raw.responses = responses;
    this.options.dialect?.operation(operation, raw);
    const shared = raw.responses && sharedResponseRef(this.docs, at(place, "responses"), raw.responses);
    const { group, bySegment } = this.group(operation, place, sourcePath);
    this.operations.push({ group, ...(bySegment && { bySegment }), operation: raw, place, ...(shared && { sharedResponses: shared }) });
  }

  /** Named examples (Example Objects, or references to them); each one the catalogue cannot hold is reported. */
  private namedExamples(value: unknown, place: Place): Record<string, RawExample> | undefined {
    if (!isObject(value)) {
      if (value !== undefined) this.lost(place, `examples: ${shortValue(value)} (not a map of Example Objects)`);
      return undefined;
    }
    const result: Record<string, RawExample> = {};
    for (const name of Object.keys(value)) {
      const { value: example, place: examplePlace } = this.docs.deref(at(place, name));
      if (!isObject(example) || !("value" in example)) {
        this.lost(examplePlace, `example "${name}" (${isObject(example) && "externalValue" in example ? "external examples are not read" : "no value"})`);
        continue;
      }
      for (const key of Object.keys(example)) {
        if (["summary", "description", "value"].includes(key)) continue;
        const what = key.startsWith("x-") ? "vendor extension" : "not held by the catalogue";
        this.report.lost(this.docs.pointer(at(examplePlace, key)), `${key} of example "${name}" (${what})`, `example ${key.startsWith("x-") ? "vendor extension" : key} (${what})`);
      }
      const summary = typeof example.summary === "string" && example.summary.trim() !== "" && !/[\r\n]/.test(example.summary) ? example.summary : undefined;
      if (typeof example.summary === "string" && summary === undefined && example.summary.trim() !== "") this.lost(at(examplePlace, "summary"), `summary of example "${name}" on more than one line`);
      const description = this.text(example.description);
      Object.defineProperty(result, name, {
        value: { ...(summary !== undefined && { summary }), ...(description !== undefined && { description }), value: example.value },
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return Object.keys(result).length > 0 ? result : undefined;
  }

  private headers(value: unknown, place: Place): Record<string, RawHeader> | undefined {
    if (!isObject(value)) this.docs.fail(place, "headers must be an object keyed by header name");
    const result: Record<string, RawHeader> = {};
    for (const name of Object.keys(value)) {
      if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name) || Object.keys(result).some((other) => other.toLowerCase() === name.toLowerCase())) {
        this.lost(at(place, name), `response header "${name}" (not a header name, or a second entry for it)`);
        continue;
      }
      const { value: header, place: headerPlace } = this.docs.deref(at(place, name));
      if (!isObject(header)) this.docs.fail(at(place, name), "a header must be an object");
      const raw: RawHeader = {};
      const description = this.text(header.description);
      if (description !== undefined) raw.description = description;
      if (header.required === true) raw.required = true;
      if (header.deprecated === true) raw.deprecated = true;
      if ("schema" in header) raw.schema = this.schemas.convert(at(headerPlace, "schema"));
      else if (isObject(header.content)) {
        const [mediaType] = Object.keys(header.content);
        const media = mediaType === undefined ? undefined : header.content[mediaType];
        if (isObject(media) && "schema" in media) raw.schema = this.schemas.convert(at(headerPlace, "content", mediaType!, "schema"));
        this.lost(at(headerPlace, "content"), `the header is serialised as ${mediaType ?? "?"} (the catalogue keeps only its schema)`);
      }
      if ("example" in header) raw.example = header.example;
      const examples = "examples" in header ? this.namedExamples(header.examples, at(headerPlace, "examples")) : undefined;
      if (examples) raw.examples = examples;
      if (raw.schema && ("example" in raw || examples)) this.schemas.checkExampleLater(raw, headerPlace);
      for (const key of Object.keys(header)) {
        if (["description", "required", "deprecated", "schema", "content", "example", "examples"].includes(key)) continue;
        const what = key.startsWith("x-") ? "vendor extension" : "not held by the catalogue";
        this.report.lost(this.docs.pointer(at(headerPlace, key)), `${key} of response header "${name}" (${what})`, `response header ${key} (${what})`);
      }
      Object.defineProperty(result, name, { value: raw, enumerable: true, writable: true, configurable: true });
    }
    return Object.keys(result).length > 0 ? result : undefined;
  }

  /**
   * The path key without its `name={param}` query pairs (`/export?filename={filename}`, as a few
   * documents write a query parameter into the key); each such pair goes into `queried` (param ->
   * name), for `parameters` to read that parameter as a required query parameter.
   */
  private withoutQueryTemplates(sourcePath: string, place: Place, queried: Map<string, string>): string {
    const hash = sourcePath.indexOf("#");
    const beforeHash = hash === -1 ? sourcePath : sourcePath.slice(0, hash);
    const question = beforeHash.indexOf("?");
    if (question === -1 || !beforeHash.includes("{", question)) return sourcePath;
    const kept: string[] = [];
    for (const pair of beforeHash.slice(question + 1).split("&")) {
      const match = /^([^={}]+)=\{([^{}]+)\}$/.exec(pair);
      if (match === null || queried.has(match[2]!)) kept.push(pair);
      else queried.set(match[2]!, match[1]!);
    }
    const fragment = hash === -1 ? "" : sourcePath.slice(hash);
    return `${beforeHash.slice(0, question)}${kept.length > 0 ? `?${kept.join("&")}` : ""}${fragment}`;
  }

  /** The path as the catalogue can hold it, with unsafe or sibling-inconsistent parameter names renamed; undefined (reported) when it cannot. */
  private catalogPath(sourcePath: string, place: Place, renames: Map<string, string>, queried: Map<string, string>): string | undefined {
    const template = parsePathTemplate(this.withoutQueryTemplates(sourcePath, place, queried));
    const names = template.segments.flat().flatMap((part) => (part.kind === "param" ? [part.name] : []));
    // Names kept as written come first, so a renamed one never takes a name the path already uses.
    const safe = (name: string): boolean => PARAM_NAME.test(name) && !RESERVED_ARGUMENT_KEYS.includes(name) && name !== "__proto__";
    const used = new Set(names.filter(safe));
    const out: string[] = [];
    for (const [position, parts] of template.segments.entries()) {
      let text = "";
      for (const [index, part] of parts.entries()) {
        if (part.kind === "static") {
          if (parts.length === 1 && (part.value === "." || part.value === "..")) {
            this.lost(place, `the whole operation: path ${sourcePath} has a segment "${part.value}", which URLs resolve away before a request is sent (no request could reach it)`);
            return undefined;
          }
          if (!STATIC_SEGMENT.test(part.value)) {
            this.lost(place, `the whole operation: path ${sourcePath} has a segment ${JSON.stringify(parts.map(partText).join(""))} the catalogue cannot hold (characters outside RFC 3986 pchar)`);
            return undefined;
          }
          text += part.value;
          continue;
        }
        let name = part.name;
        if (names.filter((other) => other === name).length > 1) {
          this.lost(place, `the whole operation: path ${sourcePath} names the parameter {${name}} twice`);
          return undefined;
        }
        if (parts[index + 1]?.kind === "param") {
          this.lost(place, `the whole operation: path ${sourcePath} has two parameters with no text between them (no request can tell them apart)`);
          return undefined;
        }
        if (!safe(name)) {
          let base = snakeName(name) || "param";
          if (!/^[A-Za-z_]/.test(base)) base = `p_${base}`;
          if (RESERVED_ARGUMENT_KEYS.includes(base)) base = `${base}_param`;
          let candidate = base;
          for (let n = 2; used.has(candidate); n++) candidate = `${base}_${n}`;
          used.add(candidate);
          this.report.renamed("parameter", name, candidate, this.docs.pointer(place));
          renames.set(name, candidate);
          name = candidate;
        }
        text += `{${name}}`;
      }
      // A trailing slash (`/alliances/`, as Django REST Framework's paths end) is a path of its own.
      if (text === "" && position < template.segments.length - 1) {
        this.lost(place, `the whole operation: path ${sourcePath} has an empty segment`);
        return undefined;
      }
      out.push(text);
    }
    const rest = this.withoutQueryTemplates(sourcePath, place, new Map()).slice(template.path.length);
    // The validator's rules (src/validate/semantic.ts checkPath), so no path is written that the catalogue refuses.
    const queryFits = template.fixedQuery.every(({ name, value }) => name !== "" && QUERY_TEXT.test(name) && QUERY_TEXT.test(value));
    if (!queryFits || (template.fragment !== undefined && !FRAGMENT_TEXT.test(template.fragment))) {
      this.lost(place, `the whole operation: path ${sourcePath} has a query or fragment part ${JSON.stringify(rest)} the catalogue cannot hold (characters outside RFC 3986)`);
      return undefined;
    }
    let path = `/${out.join("/")}${rest}`;
    // Every method of a path must write its parameters with the same names (OpenAPI and routers treat them as one path).
    const shape = routeShape("", path);
    const first = this.templates.get(shape);
    if (first === undefined) this.templates.set(shape, path);
    else if (first !== path) {
      const ours = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      const theirs = [...first.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      ours.forEach((name, i) => {
        const original = [...renames].find(([, to]) => to === name)?.[0] ?? name;
        renames.set(original, theirs[i]!);
        this.report.renamed("parameter", name, theirs[i]!, this.docs.pointer(place));
      });
      path = first;
    }
    return path;
  }

  private summary(operation: Record<string, unknown>, method: string, path: string, place: Place): string {
    const own = this.text(operation.summary);
    if (own !== undefined) return own;
    const description = this.text(operation.description);
    const line = description?.split(/\r?\n/).find((text) => text.trim() !== "")?.trim();
    const summary = line === undefined ? `${method} ${path}` : line.length > 120 ? `${line.slice(0, 117)}...` : line;
    this.report.derive(this.docs.pointer(place), `summary "${summary}" (no summary; ${line === undefined ? "method and path" : "first line of the description"})`);
    return summary;
  }

  private group(operation: Record<string, unknown>, place: Place, path: string): { group: string; bySegment: boolean } {
    const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === "string" && tag.trim() !== "") : [];
    const own = firstSegment(path);
    const segment = own ?? "root";
    if (this.options.moduleBy === "path") {
      if (tags.length > 0) this.lost(at(place, "tags"), `tags ${shortValue(tags)} (modules follow the first path segment)`);
      return { group: segment, bySegment: true };
    }
    if (tags.length > 1) this.lost(at(place, "tags"), `tags ${shortValue(tags.slice(1))} (an operation belongs to one module: the first tag's)`);
    if (tags.length === 0) this.report.derive(this.docs.pointer(place), own === undefined ? `module "root" (no tag, and the path has no segment of plain text)` : `module from the first path segment "${segment}" (no tag)`);
    return tags[0] === undefined ? { group: segment, bySegment: true } : { group: tags[0], bySegment: false };
  }

  private limits(operation: Record<string, unknown>, place: Place, accepted: readonly string[] | undefined): (RawLimit | RawLimitRef)[] | undefined {
    const name = this.options.limitsExtension;
    if (name === undefined) return undefined;
    const root = this.docs.get(this.docs.root) as Record<string, unknown>;
    const own = name in operation;
    const value = own ? operation[name] : root[name];
    if (value === undefined) return undefined;
    const where = own ? at(place, name) : at(this.docs.root, name);
    if (isStructuredLimits(value)) return this.structured(value, where, operation, place, accepted);
    const items = Array.isArray(value) ? value : [value];
    const limits: { limit: RawLimit | RawLimitRef; place: Place }[] = [];
    items.forEach((item, i) => {
      const itemPlace = Array.isArray(value) ? at(where, i) : where;
      if (isObject(item) && item.group !== undefined && this.options.limitGroups) {
        const reference = this.options.limitGroups.reference(item, itemPlace);
        if (reference) limits.push({ limit: reference, place: itemPlace });
        return;
      }
      const result = readLimit(item, this.options.limitGroups?.kindOf);
      if ("problem" in result) this.lost(itemPlace, `rate limit ${shortValue(item)}: ${result.problem}`);
      else {
        limits.push({ limit: result.limit, place: itemPlace });
        for (const what of result.derived) this.report.derive(this.docs.pointer(itemPlace), what);
      }
    });
    const kept = keepConsistent(limits, accepted, (id) => this.options.limitGroups?.tokensOf(id), (where, what) => this.lost(where, what));
    return kept.length > 0 ? kept : undefined;
  }

  /** Limits from the extension's structured form (`{ scope, limits: [...], note }`, src/import/rate-limits-extension.ts). */
  private structured(value: Record<string, unknown>, where: Place, operation: Record<string, unknown>, place: Place, accepted: readonly string[] | undefined): (RawLimit | RawLimitRef)[] | undefined {
    const groups = this.options.limitGroups;
    if (!groups) return undefined;
    const context = { docs: this.docs, report: this.report, auth: this.auth, groups, words: this.options.tableWords ?? DEFAULT_TABLE_WORDS };
    const limits = structuredLimits(context, value, where, operation, place);
    const kept = limits && keepConsistent(limits, accepted, (id) => groups.tokensOf(id), (at, what) => this.lost(at, what));
    return kept && kept.length > 0 ? kept : undefined;
  }

  /** Limits from rate-limit tables in the operation's description, else in its first tag's. */
  private tableLimits(operation: Record<string, unknown>, place: Place, accepted: readonly string[] | undefined): (RawLimit | RawLimitRef)[] | undefined {
    const words = this.options.tableWords;
    if (!words || !this.options.limitGroups) return undefined;
    const limits = tableLimits(this.docs, this.report, this.auth, this.options.limitGroups, words, operation, place);
    if (!limits) return undefined;
    const kept = keepConsistent(limits, accepted, (id) => this.options.limitGroups?.tokensOf(id), (where, what) => this.lost(where, what));
    return kept.length > 0 ? kept : undefined;
  }

  private parameters(
    operation: Record<string, unknown>,
    place: Place,
    item: Record<string, unknown>,
    itemPlace: Place,
    path: string,
    renames: Map<string, string>,
    queried: ReadonlyMap<string, string>,
  ): RawParameter[] {
    const byKey = new Map<string, { value: Record<string, unknown>; place: Place }>();
    const collect = (list: unknown, listPlace: Place): void => {
      if (list === undefined) return;
      if (!Array.isArray(list)) this.docs.fail(listPlace, "parameters must be a list");
      list.forEach((_, i) => {
        const { value, place: resolved } = this.docs.deref(at(listPlace, i));
        if (!isObject(value) || typeof value.name !== "string" || typeof value.in !== "string") {
          this.docs.fail(at(listPlace, i), "a parameter needs a name and an in");
        }
        if (!["path", "query", "header", "cookie"].includes(value.in as string)) this.docs.fail(at(resolved, "in"), `parameter location ${shortValue(value.in)} is not path, query, header or cookie`);
        const key = `${value.in}:${value.in === "header" ? value.name.toLowerCase() : value.name}`;
        byKey.set(key, { value, place: resolved });
      });
    };
    collect(item.parameters, at(itemPlace, "parameters"));
    collect(operation.parameters, at(place, "parameters"));
    const result: RawParameter[] = [];
    const template = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
    const asQuery = new Set<string>();
    for (const { value, place: parameterPlace } of byKey.values()) {
      let location = value.in as string;
      let name = value.name as string;
      const queryName = location === "path" || location === "query" ? queried.get(name) : undefined;
      if (queryName !== undefined) {
        this.report.derive(this.docs.pointer(parameterPlace), `required query parameter "${queryName}" from the path key's ?${queryName}={${name}}`);
        if (asQuery.has(queryName) || (location === "path" && byKey.has(`query:${queryName}`))) {
          this.lost(parameterPlace, `path parameter "${name}": the path key's ?${queryName}={${name}} names a query parameter declared twice`);
          continue;
        }
        asQuery.add(queryName);
        location = "query";
        name = queryName;
      }
      if (location === "path") {
        name = renames.get(name) ?? name;
        if (!template.includes(name)) {
          this.lost(parameterPlace, `path parameter "${name}" that the path ${path} does not have`);
          continue;
        }
      }
      if (name === "__proto__" && location !== "path") {
        this.lost(parameterPlace, `${location} parameter "__proto__" (a JavaScript object cannot hold it as a property, and its name is sent as written)`);
        continue;
      }
      if (location === "header" && !HEADER_NAME.test(name)) {
        this.lost(parameterPlace, `header parameter "${name}" (not a header name the catalogue accepts)`);
        continue;
      }
      const parameter: RawParameter = { name, in: location as RawParameter["in"] };
      if (location !== "path" && (value.required === true || queryName !== undefined)) parameter.required = true;
      if ("schema" in value) parameter.schema = this.schemas.convert(at(parameterPlace, "schema"));
      else if (isObject(value.content)) {
        const [mediaType] = Object.keys(value.content);
        if (mediaType !== undefined && isObject(value.content[mediaType]) && "schema" in value.content[mediaType]) {
          parameter.schema = this.schemas.convert(at(parameterPlace, "content", mediaType, "schema"));
        }
        this.lost(at(parameterPlace, "content"), `the parameter is serialised as ${mediaType ?? "?"} (the catalogue keeps only its schema)`);
      }
      if (this.options.dialect && parameter.schema && Object.keys(this.docs.get(at(parameterPlace, "schema")) as object).length === 0) delete parameter.schema;
      const rawDescription = typeof value.description === "string" && this.options.dialect ? this.options.dialect.parameterDescription(value.description) : value.description;
      const description = this.text(rawDescription);
      if (description !== undefined) parameter.description = description;
      Object.assign(parameter, parameterStyleOf(value, location as RawParameter["in"], (key, what) => this.lost(at(parameterPlace, key), what)));
      if (value.deprecated === true) parameter.deprecated = true;
      if ("example" in value) parameter.example = value.example;
      const examples = "examples" in value ? this.namedExamples(value.examples, at(parameterPlace, "examples")) : undefined;
      if (examples) parameter.examples = examples;
      if (parameter.schema && ("example" in parameter || examples)) this.schemas.checkExampleLater(parameter, parameterPlace);
      for (const key of Object.keys(value)) {
        if (["name", "in", "required", "schema", "content", "description", "style", "explode", "deprecated", "example", "examples"].includes(key)) continue;
        const what = `parameter ${key === "deprecated" ? "deprecation" : key.startsWith("x-") ? "vendor extensions" : "serialisation and examples"} not held by the catalogue`;
        this.report.lost(this.docs.pointer(at(parameterPlace, key)), `${key}: ${shortValue(value[key])} (${what})`, `parameter ${key} (${what})`);
      }
      result.push(parameter);
    }
    for (const [param, name] of queried) {
      if (asQuery.has(name)) continue;
      result.push({ name, in: "query", required: true });
      this.report.derive(this.docs.pointer(place), `query parameter "${name}" added without a type (the path key writes ?${name}={${param}}; the source does not declare it)`);
    }
    for (const name of template) {
      if (!result.some((parameter) => parameter.in === "path" && parameter.name === name)) {
        result.push({ name, in: "path", required: true });
        if (byKey.size > 0) this.report.derive(this.docs.pointer(place), `path parameter "${name}" added without a type (the source does not declare it)`);
      }
    }
    // Path parameters first, in path order; then the rest as declared.
    const pathParams = template.map((name) => result.find((parameter) => parameter.in === "path" && parameter.name === name)!);
    for (const parameter of pathParams) if (parameter.required === undefined) parameter.required = true;
    return [...pathParams, ...result.filter((parameter) => parameter.in !== "path")];
  }

  private request(operation: Record<string, unknown>, place: Place, method: string): "none" | RawRequest | undefined {
    if (!("requestBody" in operation)) return "none";
    const { value: body, place: bodyPlace } = this.docs.deref(at(place, "requestBody"));
    if (!isObject(body)) this.docs.fail(at(place, "requestBody"), "requestBody must be an object");
    if (method === "GET" || method === "HEAD") {
      this.lost(at(place, "requestBody"), `the request body of a ${method} (the catalogue gives GET and HEAD no body)`);
      return "none";
    }
    for (const key of Object.keys(body)) {
      if (!["content", "required", "description"].includes(key)) this.lost(at(bodyPlace, key), `${key}: ${shortValue(body[key])} (not held by the catalogue)`);
    }
    const content = this.content(body.content, at(bodyPlace, "content"));
    if (content === undefined) {
      this.lost(at(bodyPlace, "content"), "the request body: none of its media types can be held, so the request is left not documented");
      return undefined;
    }
    const description = this.text(body.description);
    return { ...(body.required !== true && { required: false }), ...(description !== undefined && { description }), content };
  }

  private responses(operation: Record<string, unknown>, place: Place): Record<string, RawResponse> | undefined {
    const responsesPlace = at(place, "responses");
    const responses = operation.responses;
    if (responses === undefined) return undefined;
    if (!isObject(responses)) this.docs.fail(responsesPlace, "responses must be an object");
    const result: Record<string, RawResponse> = {};
    for (const status of Object.keys(responses)) {
      const key = status.toUpperCase() === "DEFAULT" ? "default" : status.toUpperCase();
      if (status.startsWith("x-")) {
        this.lost(at(responsesPlace, status), "vendor extension on responses");
        continue;
      }
      if (!/^([1-5][0-9][0-9]|[1-5]XX|default)$/.test(key) || key in result) {
        this.lost(at(responsesPlace, status), `response "${status}" (not a status the catalogue accepts)`);
        continue;
      }
      const { value: response, place: responsePlace } = this.docs.deref(at(responsesPlace, status));
      if (!isObject(response)) this.docs.fail(at(responsesPlace, status), "a response must be an object");
      if (this.options.dialect?.derivedResponse(response)) continue;
      for (const name of Object.keys(response)) {
        if (!["content", "description", "headers"].includes(name)) this.lost(at(responsePlace, name), `${name} of the response (not held by the catalogue)`);
      }
      const headers = response.headers === undefined ? undefined : this.headers(response.headers, at(responsePlace, "headers"));
      const rawDescription = typeof response.description === "string" && this.options.dialect ? this.options.dialect.responseDescription(response.description) : response.description;
      const description = this.text(rawDescription);
      const content = response.content === undefined ? undefined : this.content(response.content, at(responsePlace, "content"));
      result[key] = { ...(description !== undefined && { description }), ...(content !== undefined && { content }), ...(headers !== undefined && { headers }) };
    }
    return result;
  }

  private content(value: unknown, place: Place): RawContent | undefined {
    if (value === undefined) return undefined;
    if (!isObject(value)) this.docs.fail(place, "content must be an object keyed by media type");
    const result: RawContent = {};
    for (const mediaType of Object.keys(value)) {
      const mediaPlace = at(place, mediaType);
      const [essence = "", ...parameters] = mediaType.split(";").map((part) => part.trim());
      let normal = essence.toLowerCase();
      // Parameters are kept (`text/plain; charset=utf-8`) where the catalogue can write them.
      let kept = parameters.length > 0 && isMediaTypeKey(mediaType) ? mediaType : normal;
      if (parameters.length > 0 && kept === normal) this.lost(mediaPlace, `media type parameters "${parameters.join("; ")}" (the catalogue keys content by ${normal})`);
      if (normal === "*/*") {
        // Any media type: what Swagger 2.0 converters write where `produces` is missing. Read as
        // the concrete type its schema describes, unless the document gives that one too.
        const concrete = this.wildcardAs(value[mediaType], mediaPlace);
        if (!Object.keys(value).some((other) => mediaEssence(other.toLowerCase()) === concrete)) {
          this.report.derive(this.docs.pointer(mediaPlace), `media type "${mediaType}" read as ${concrete} (${concrete === "application/json" ? "its schema describes a JSON value" : concrete === "text/plain" ? "its schema is a string" : "its schema is binary, or it has none"}; the catalogue holds concrete media types)`);
          normal = concrete;
          kept = concrete;
        }
      }
      if (!/^[a-z]+\/[A-Za-z0-9.+-]+$/.test(normal)) {
        this.lost(mediaPlace, `media type "${mediaType}" (the catalogue holds only concrete type/subtype media types)`);
        continue;
      }
      if (Object.keys(result).some((key) => mediaEssence(key) === normal)) {
        this.lost(mediaPlace, `media type "${mediaType}" (a second entry for ${normal})`);
        continue;
      }
      const media = value[mediaType];
      if (!isObject(media)) this.docs.fail(mediaPlace, "a media type must be an object");
      const entry: RawContent[string] = {};
      if ("schema" in media) entry.schema = this.schemas.convert(at(mediaPlace, "schema"));
      Object.assign(entry, streamContent(normal, media, mediaPlace, (where) => this.schemas.convert(where)));
      if ("example" in media) entry.example = media.example;
      const examples = "examples" in media ? this.namedExamples(media.examples, at(mediaPlace, "examples")) : undefined;
      if (examples) entry.examples = examples;
      const form = normal === "multipart/form-data" || normal === "application/x-www-form-urlencoded";
      const encoding = "encoding" in media && form ? encodingOf(media.encoding, normal, (property, key, what) => this.lost(at(mediaPlace, "encoding", property, key), what)) : undefined;
      if (encoding) entry.encoding = encoding;
      for (const key of Object.keys(media)) {
        if (!["schema", "example", "examples", ...(form ? ["encoding"] : []), ...(streamFormat(normal) ? STREAM_KEYS : [])].includes(key)) this.lost(at(mediaPlace, key), `${key} of the media type (not held by the catalogue)`);
      }
      if ("example" in entry || entry.examples) this.schemas.checkExampleLater(entry, mediaPlace);
      result[kept] = entry;
    }
    return Object.keys(result).length > 0 ? result : undefined;
  }

  /** The concrete media type the schema of a wildcard media type entry describes: bytes (binary or no schema), text (a string), else JSON. */
  private wildcardAs(media: unknown, place: Place): "application/json" | "application/octet-stream" | "text/plain" {
    if (!isObject(media) || !("schema" in media)) return "application/octet-stream";
    const schema = this.docs.deref(at(place, "schema")).value;
    if (!isObject(schema)) return "application/json";
    if (schema.type === "string") return schema.format === "binary" ? "application/octet-stream" : "text/plain";
    return "application/json";
  }
}

function partText(part: PathPart): string {
  return part.kind === "static" ? part.value : `{${part.name}}`;
}

/**
 * The first static segment of a path, without its `?query` or `#fragment` (AWS's `/#Action=X`
 * has none: its operations share one module, not one module per action); undefined when none.
 */
export function firstSegment(path: string): string | undefined {
  return pathOnly(path).split("/").find((part) => part !== "" && !part.startsWith("{"));
}
