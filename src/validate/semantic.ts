// Checks the schema cannot express: names, uniqueness, routes, references, combinations, limits.
// Runs over every file that passed the schema and reports every problem it finds.
import { parsePathTemplate } from "../shared/path-template.js";
import type { YamlPath } from "../load/load.js";
import type { RawContent, RawOperation, RawType } from "../load/raw.js";
import type { Diagnostic } from "../shared/diagnostic.js";
import {
  camelCase,
  GLOBAL_NAMES,
  HEADER_NAME,
  isReserved,
  MAX_MODULE_ID_LENGTH,
  MODULE_ID,
  OPERATION_ID,
  PARAM_NAME,
  pathParamNames,
  PUBLIC_EXPORT_NAMES,
  RESERVED_ARGUMENT_KEYS,
  RESERVED_MODULE_IDS,
  routeShape,
  FRAGMENT_TEXT,
  QUERY_TEXT,
  STATIC_SEGMENT,
  TOKEN_KIND,
  TYPE_NAME,
} from "../shared/names.js";
import { exampleMismatch } from "./example.js";
import { checkHolderExamples, checkResponseHeaders } from "./annotations.js";
import { checkBaseDiscriminators } from "./base-discriminators.js";
import { checkTypeCycles } from "./cycles.js";
import { checkTypeDepth } from "./depth.js";
import { checkLimitGroups, checkOperationLimits } from "./limits.js";
import { checkType, type TypeContext } from "./types.js";
import { checkApiResponses, checkMediaTypeKeys } from "./responses.js";
import { checkServers } from "./servers.js";
import { checkOperationSecurity, checkSchemes, type KnownSchemes } from "./security.js";
import { checkGeneratedNames } from "./generated-names.js";
import { checkOperationPagination, checkPaginationDefinitions, checkStreamContent } from "./streams-pages.js";
import { checkEncodings, checkParameterStyles } from "./styles.js";
import { Reporter, type Place, type SemanticInput } from "./reporter.js";

function hasKey(data: unknown, key: string): boolean {
  return typeof data === "object" && data !== null && Object.hasOwn(data, key);
}


export interface SemanticOptions {
  /**
   * Every named type of `entries` was found sound by an earlier check of these same types (the
   * kept model's context, src/reuse/kept-model.ts): their names are collected and compared,
   * but each type, the cycles, depths and base discriminators among them are not checked again,
   * and the names generated from a kept file's types (an entry of only `types`) are left to the
   * comparison of the kept parts' claims.
   */
  typesChecked?: boolean;
}

export function checkSemantics(entries: SemanticInput[], options: SemanticOptions = {}): Diagnostic[] {
  const report = new Reporter();
  /** An api section the schema refused: the token kinds it declares are not known. */
  const brokenApi = entries.some((entry) => !entry.complete && !entry.raw.api && hasKey(entry.file.data, "api"));

  const apiFiles = entries.filter((entry) => entry.raw.api);
  if (apiFiles.length === 0 && entries.length > 0 && !brokenApi) {
    report.error({ file: entries[0]!.file, path: [] }, "the catalogue has no api section", "add api.yaml with api: { title, auth }");
  }
  for (const extra of apiFiles.slice(1)) {
    report.error({ file: extra.file, path: ["api"] }, `a second api section (the first is in ${apiFiles[0]!.file.displayPath})`, "keep one api section, in api.yaml", { key: true });
  }
  const tokenKinds = new Set<string>();
  for (const { file, raw } of apiFiles.slice(0, 1)) {
    raw.api!.auth.tokenKinds.forEach((kind, index) => {
      const place = { file, path: ["api", "auth", "tokenKinds", index, "id"] };
      if (!TOKEN_KIND.test(kind.id)) report.error(place, `token kind "${kind.id}" is not a safe id`, "use lowercase letters, digits, - and _");
      if (tokenKinds.has(kind.id)) report.error(place, `token kind "${kind.id}" is declared twice`);
      tokenKinds.add(kind.id);
    });
  }
  const api = apiFiles[0];
  const schemes: KnownSchemes = api ? checkSchemes(report, api.raw.api!, (...rest) => ({ file: api.file, path: ["api", ...rest] })) : { ids: new Set(), declaredScopes: new Map(), apiSecurity: undefined };
  const license = api?.raw.api?.license;
  if (api && license?.identifier !== undefined && license.url !== undefined) {
    report.error({ file: api.file, path: ["api", "license", "url"] }, "a license gives an SPDX identifier or a URL, not both", "keep one of them (OpenAPI 3.1 allows one)");
  }
  const limitGroups = checkLimitGroups(report, api && { file: api.file, path: ["api"] }, api?.raw.api?.limitGroups ?? [], tokenKinds, api?.raw.api?.principal);
  const paginations = checkPaginationDefinitions(report, api && { file: api.file, path: ["api"] }, api?.raw.api?.pagination ?? []);

  // Modules: the file name is the id, ids are safe and distinct also in camelCase.
  const moduleNames = new Map<string, Place>();
  for (const { file, raw } of entries) {
    if (!raw.module) continue;
    if (raw.api) report.error({ file, path: ["module"] }, "a file holds either the api section or one module, not both", undefined, { key: true });
    const place = { file, path: ["module", "id"] };
    const id = raw.module.id;
    if (!MODULE_ID.test(id)) {
      report.error(place, `module id "${id}" is not snake_case`, "use lowercase words joined by _, e.g. in_store_pickup");
      continue;
    }
    if (id.length > MAX_MODULE_ID_LENGTH) {
      report.error(place, `module id "${id.slice(0, 20)}..." is ${id.length} characters long (the limit is ${MAX_MODULE_ID_LENGTH})`, "shorten it: the id names the module's generated files");
      continue;
    }
    if (RESERVED_MODULE_IDS.has(id) || isReserved(camelCase(id))) {
      report.error(place, `module id "${id}" is reserved`, "generated files or names would collide with it; choose another id");
      continue;
    }
    if (file.name.replace(/\.ya?ml$/, "") !== id) report.error(place, `module "${id}" is declared in ${file.name}`, `rename the file to ${id}.yaml or the id to match the file`);
    const name = camelCase(id);
    const earlier = moduleNames.get(name);
    if (earlier) report.error(place, `module "${id}" clashes with the module declared at ${report.at(earlier)}`, "module ids must differ also in camelCase");
    else moduleNames.set(name, place);
  }

  // Named types: collected first so references anywhere can resolve.
  const types = new Map<string, { raw: RawType; place: Place }>();
  for (const { file, raw } of entries) {
    for (const [name, type] of Object.entries(raw.types ?? {})) {
      const place = { file, path: ["types", name] };
      if (!TYPE_NAME.test(name) || isReserved(name)) {
        report.error(place, `type name "${name}" is not a safe identifier`, "use PascalCase letters and digits, e.g. ItemDiscrepancyResponse", { key: true });
      } else if (GLOBAL_NAMES.has(name)) {
        report.error(place, `type name "${name}" would hide the global ${name} the generated code uses`, `rename the type, e.g. ${name}Body or a name with its module's prefix`, { key: true });
      } else if (PUBLIC_EXPORT_NAMES.has(name)) {
        report.error(place, `type name "${name}" is taken by the generated code's own exports`, "rename the type, e.g. with a prefix from its module", { key: true });
      }
      const earlier = types.get(name);
      if (earlier) report.error(place, `type "${name}" is already declared at ${report.at(earlier.place)}`, "type names are unique across the catalogue", { key: true });
      else types.set(name, { raw: type, place });
    }
  }
  const typeContext: TypeContext = { report, types };
  if (!options.typesChecked) {
    for (const [, { raw, place }] of types) checkType(typeContext, raw, place, { property: false });
    checkTypeCycles(report, types);
    checkTypeDepth(report, types);
    checkBaseDiscriminators(report, types);
  }
  for (const { file, raw } of apiFiles.slice(0, 1)) {
    if (raw.api!.responses) checkApiResponses(report, typeContext, raw.api!.responses, (...rest) => ({ file, path: ["api", "responses", ...rest] }));
  }

  // Operations.
  const ids = new Map<string, Place>();
  const routes = new Map<string, { path: string; place: Place }>();
  const shapes = new Map<string, { path: string; place: Place }>();
  /** First template seen for each path shape, whatever the method. */
  const templates = new Map<string, { path: string; place: Place }>();
  for (const { file, raw } of entries) {
    (raw.operations ?? []).forEach((operation, index) => {
      const base: YamlPath = ["operations", index];
      const place = (...rest: YamlPath) => ({ file, path: [...base, ...rest] });

      if (!OPERATION_ID.test(operation.id) || isReserved(operation.id)) {
        report.error(place("id"), `operation id "${operation.id}" is not a safe identifier`, "use camelCase letters and digits, starting with a lowercase letter, e.g. getDiscrepancies; reserved words are not allowed");
      } else if (GLOBAL_NAMES.has(operation.id)) {
        report.error(place("id"), `operation id "${operation.id}" would hide the global ${operation.id} the generated code uses`, `rename the operation, e.g. ${operation.id}Items`);
      }
      const earlierId = ids.get(operation.id);
      if (earlierId) report.error(place("id"), `operation id "${operation.id}" is already used at ${report.at(earlierId)}`, "ids are unique across the catalogue: they become function names");
      else ids.set(operation.id, place("id"));

      if (checkPath(report, operation.path, place("path"))) {
        const route = `${operation.method} ${operation.path}`;
        const shape = routeShape(operation.method, operation.path);
        const earlierRoute = routes.get(route);
        const earlierShape = shapes.get(shape);
        if (earlierRoute) {
          report.error(place("path"), `duplicate route ${route}: already declared at ${report.at(earlierRoute.place)}`, "each method and path pair is one operation; remove or merge the duplicate");
        } else if (earlierShape) {
          report.error(place("path"), `route ${route} cannot be told apart from ${operation.method} ${earlierShape.path} at ${report.at(earlierShape.place)}`, "both match the same requests; parameter names do not distinguish routes");
        }
        const sibling = templates.get(routeShape("", operation.path));
        if (sibling && sibling.path !== operation.path && !earlierShape) {
          report.error(place("path"), `path ${operation.path} names its parameters differently from ${sibling.path} at ${report.at(sibling.place)}`, `write the same template for every method of a path, e.g. ${sibling.path}; OpenAPI and routers treat them as one path`);
        }
        routes.set(route, { path: operation.path, place: place("path") });
        if (!earlierShape) shapes.set(shape, { path: operation.path, place: place("path") });
        if (!sibling) templates.set(routeShape("", operation.path), { path: operation.path, place: place("path") });
      }

      (operation.tokens ?? []).forEach((token, i) => {
        if (!tokenKinds.has(token) && !(brokenApi && apiFiles.length === 0)) report.error(place("tokens", i), `unknown token kind "${token}"`, `declare it under api.auth.tokenKinds or use one of: ${[...tokenKinds].join(", ") || "(none declared)"}`);
        if (operation.tokens!.indexOf(token) !== i) report.error(place("tokens", i), `token kind "${token}" is listed twice`);
      });

      // The schemes of an api section the schema refused are not known: its own errors say what is wrong.
      if (!(brokenApi && apiFiles.length === 0)) checkOperationSecurity(report, operation, schemes, place);
      checkOperationLimits(report, operation, place, limitGroups, tokenKinds, !(brokenApi && apiFiles.length === 0), api?.raw.api?.principal);
      checkParameters(report, typeContext, operation, place);
      checkBodies(report, typeContext, operation, place);
      checkOperationPagination(report, operation, place, paginations);
      checkParameterStyles(report, typeContext, operation, place);
      if (operation.request && operation.request !== "none") checkEncodings(report, typeContext, operation.request.content, (...rest) => place("request", "content", ...rest));
    });
  }
  // Kept files' named types (their names compared on the kept parts, src/reuse/kept-model.ts):
  // only the changed files' own names can clash among themselves here.
  checkGeneratedNames(report, options.typesChecked ? entries.filter((entry) => entry.raw.module !== undefined || entry.raw.operations !== undefined) : entries);
  checkServers(report, entries);
  return report.diagnostics;
}

/** True when the path is well-formed (so route comparisons make sense). */
function checkPath(report: Reporter, path: string, place: Place): boolean {
  const hint = "a path is /segment/segment/{param}: literal text and {name} parameters, then optionally ?name=value and #fragment";
  if (!path.startsWith("/")) {
    report.error(place, `path "${path}" must start with /`, hint);
    return false;
  }
  const template = parsePathTemplate(path);
  const seen = new Set<string>();
  for (const [position, parts] of template.segments.entries()) {
    const text = parts.map((part) => (part.kind === "static" ? part.value : `{${part.name}}`)).join("");
    for (const [index, part] of parts.entries()) {
      if (part.kind === "param") {
        if (!checkPathParam(report, part.name, seen, place)) return false;
        if (parts[index + 1]?.kind === "param") {
          report.error(place, `path segment "${text}" has two parameters with no text between them`, "no request could tell where one ends and the next begins; put literal text between them, e.g. {base}...{head}");
          return false;
        }
      } else if (parts.length === 1 && (part.value === "." || part.value === "..")) {
        report.error(place, `path segment "${part.value}" would be removed from the URL before it is sent`, "URLs resolve . and .. segments away, so no request could reach this path; name the segment otherwise");
        return false;
      } else if (!STATIC_SEGMENT.test(part.value)) {
        report.error(place, text === "" ? `path "${path}" has an empty segment` : `path segment "${text}" has characters a path cannot hold as written`, hint);
        return false;
      }
    }
    // Only the last segment may be empty: a trailing slash (`/alliances/`) is a path of its own.
    if (parts.length === 0 && position < template.segments.length - 1) {
      report.error(place, `path "${path}" has an empty segment`, hint);
      return false;
    }
  }
  for (const { name, value } of template.fixedQuery) {
    if (name === "" || !QUERY_TEXT.test(name) || !QUERY_TEXT.test(value)) {
      report.error(place, `the fixed query "${name}=${value}" of path "${path}" has characters a query cannot hold as written`, "write ?name=value pairs joined by &, with letters, digits and -._~!$'()*+,;:@/? only");
      return false;
    }
  }
  if (template.fragment !== undefined && !FRAGMENT_TEXT.test(template.fragment)) {
    report.error(place, `the fragment "#${template.fragment}" of path "${path}" has characters it cannot hold as written`, "use letters, digits and -._~!$'()*+,;:@/?=& only");
    return false;
  }
  return true;
}

function checkPathParam(report: Reporter, name: string, seen: Set<string>, place: Place): boolean {
  if (!PARAM_NAME.test(name)) {
    report.error(place, `path parameter "{${name}}" is not a safe name`, "use letters, digits and _, starting with a letter or _");
    return false;
  }
  if (RESERVED_ARGUMENT_KEYS.includes(name)) {
    report.error(place, `path parameter "{${name}}" has a name the client's call arguments use for something else`, `rename it; ${RESERVED_ARGUMENT_KEYS.join(", ")} are reserved`);
    return false;
  }
  if (seen.has(name)) {
    report.error(place, `path parameter "{${name}}" appears twice`);
    return false;
  }
  seen.add(name);
  if (name === "__proto__") {
    report.error(place, `path parameter "{__proto__}" cannot be passed in a JavaScript object`, "rename it; an object literal's __proto__ sets its prototype, not a property");
    return false;
  }
  return true;
}

function checkParameters(report: Reporter, types: TypeContext, operation: RawOperation, place: (...rest: YamlPath) => Place): void {
  if (!operation.parameters) return;
  const template = pathParamNames(operation.path);
  const declared = new Set<string>();
  operation.parameters.forEach((parameter, i) => {
    const key = `${parameter.in}:${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`;
    if (declared.has(key)) report.error(place("parameters", i, "name"), `${parameter.in} parameter "${parameter.name}" is declared twice`);
    declared.add(key);
    if (parameter.in === "path") {
      if (!template.includes(parameter.name)) {
        report.error(place("parameters", i, "name"), `path parameter "${parameter.name}" does not appear in the path ${operation.path}`, template.length ? `the path's parameters are: ${template.join(", ")}` : "the path has no {parameters}; use in: query or in: header");
      }
      if (parameter.required === false) report.error(place("parameters", i, "required"), `path parameter "${parameter.name}" cannot be optional`, "remove required: false; a path parameter is always present");
    }
    if (parameter.name === "__proto__" && parameter.in !== "path") {
      report.error(place("parameters", i, "name"), `${parameter.in} parameter "__proto__" cannot be passed in a JavaScript object`, "an object literal's __proto__ sets its prototype, not a property");
    }
    if (parameter.in === "header" && !HEADER_NAME.test(parameter.name)) {
      report.error(place("parameters", i, "name"), `header "${parameter.name}" is not a valid header name`, "a header name is an HTTP token: letters, digits and !#$%&'*+.^_`|~-");
    }
    if (parameter.schema) checkType(types, parameter.schema, place("parameters", i, "schema"), { property: false });
    checkHolderExamples(types, parameter.schema, parameter, (...rest) => place("parameters", i, ...rest));
  });
  for (const name of template) {
    if (!declared.has(`path:${name}`)) {
      report.error(place("parameters"), `path parameter "{${name}}" of ${operation.path} is not declared`, `add { name: ${name}, in: path, required: true } or leave parameters out entirely (not documented)`, { key: true });
    }
  }
}

function checkBodies(report: Reporter, types: TypeContext, operation: RawOperation, place: (...rest: YamlPath) => Place): void {
  const request = operation.request;
  const contents: [YamlPath, RawContent][] = [];
  if (request && request !== "none") {
    if (operation.method === "GET" || operation.method === "HEAD") {
      report.error(place("request"), `a ${operation.method} request has no body`, "use request: none, or parameters for query values", { key: true });
    }
    contents.push([["request", "content"], request.content]);
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (response.content) contents.push([["responses", status, "content"], response.content]);
    checkResponseHeaders(types, response.headers, (...rest) => place("responses", status, ...rest), (type, at) => checkType(types, type, at, { property: false }));
  }
  for (const [at, content] of contents) {
    checkMediaTypeKeys(report, content, (...rest) => place(...at, ...rest));
    checkStreamContent(report, types, content, (...rest) => place(...at, ...rest));
    for (const [contentType, media] of Object.entries(content)) {
      if (!media.schema) continue;
      checkType(types, media.schema, place(...at, contentType, "schema"), { property: false });
      checkHolderExamples(types, media.schema, media, (...rest) => place(...at, contentType, ...rest), false);
      if (!("example" in media)) continue;
      const problem = exampleMismatch(media.schema, media.example, types.types);
      if (problem) report.error(place(...at, contentType, "example"), `the example does not fit its schema: ${problem}`, "make the example show only what the schema allows", { key: true });
    }
  }
}
