// A living source: a catalogue file with `source: { openapi: <file> }` takes the API's operations and
// types from that OpenAPI document, converted in memory on every run (src/sources/document.ts), and
// adds what the document lacks (token kinds, limits, limit groups, servers) or overrides, keyed by
// operation id or by `METHOD /path`. The additions are merged into the Raw shapes before the
// schema and semantic checks, which then point into the user's file (see virtual.ts).
import { realpathSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import type { CatalogueFile, LoadResult } from "../load/load.js";
import { locatePath } from "../load/load.js";
import { displayPath } from "../load/files.js";
import type { RawApi, RawFile, RawOperation, RawType } from "../load/raw.js";
import type { ApiModel } from "../model/types.js";
import { CatalogueError, type Diagnostic } from "../shared/diagnostic.js";
import { closest, nearest } from "../shared/suggest.js";
import { modelOf, sourceOf } from "../validate/index.js";
import { checkShape } from "./shape.js";
import { convertDocument, type ConvertedDocument, type Conversions } from "./document.js";
import type { SourceRead } from "./source.js";
import { apiGrafts, operationGrafts, virtualFile } from "./virtual.js";
import { warn } from "../shared/warnings.js";

const ROUTE = /^(get|put|post|delete|patch|head|options)\s+(\/\S*)$/i;

/** The catalogue file that names a living source, if any (its data has a `source` key). */
export function livingFile(files: readonly CatalogueFile[]): CatalogueFile | undefined {
  return files.find((file) => isObject(file.data) && "source" in file.data);
}

/** Reads the living source named in `overlay`, merges the user's additions and models the whole catalogue; with the files the document's conversion read. */
export async function livingModel(loaded: LoadResult, dir: string, overlay: CatalogueFile, conversions?: Conversions): Promise<SourceRead> {
  const problems: Diagnostic[] = [...loaded.diagnostics];
  const error = (path: (string | number)[], message: string, hint?: string, key = false): void => {
    problems.push({ ...locatePath(overlay, path, { key }), message, ...(hint && { hint }) });
  };
  const fail = (): never => {
    throw new CatalogueError(problems, new Map(loaded.files.map((file) => [file.displayPath, file.text])));
  };
  const data = overlay.data as Record<string, unknown>;
  for (const other of loaded.files.filter((file) => file !== overlay && isObject(file.data) && "source" in file.data)) {
    problems.push({ ...locatePath(other, ["source"], { key: true }), message: `a second living source (the first is in ${overlay.displayPath})`, hint: "a catalogue takes its operations from one OpenAPI document" });
  }
  const options = checkShape(data, error);
  if (options === undefined || problems.length > 0) fail();
  const sourceData = data.source as Record<string, unknown>;

  const documentPath = documentFile(dir, sourceData.openapi as string, () => error(["source", "openapi"], ...insideProject(dir)));
  if (documentPath === undefined) fail();
  let converted: ConvertedDocument;
  try {
    converted = await convertDocument(documentPath!, options!, process.cwd(), dirname(resolve(dir)), conversions);
  } catch (thrown) {
    if ((thrown as Error).name !== "ImportError") throw thrown;
    problems.push(importDiagnostic((thrown as Error).message, overlay));
    fail();
  }
  return { model: merged(loaded, overlay, converted!, documentPath!, dir, problems), inputs: converted!.files.map((file) => file.path) };
}

function merged(loaded: LoadResult, overlay: CatalogueFile, converted: ConvertedDocument, documentPath: string, dir: string, problems: Diagnostic[]): ApiModel {
  const data = overlay.data as { api?: Record<string, unknown>; defaults?: Record<string, unknown>; operations?: Record<string, Record<string, unknown>>; types?: Record<string, unknown> };
  const defaults = data.defaults ?? {};
  const hasDefaults = Object.keys(defaults).length > 0;
  const { catalogue, keys } = converted;
  // Every name an operation answers to -> [module, index].
  const byKey = new Map<string, [number, number]>();
  keys.forEach((moduleKeys, m) =>
    moduleKeys.forEach((key, i) => {
      const operation = catalogue.modules[m]!.operations[i]!;
      for (const name of [key.operationId, operation.id, key.route, `${operation.method} ${operation.path}`]) if (name !== undefined && !byKey.has(name)) byKey.set(name, [m, i]);
    }),
  );
  const additions = new Map<string, { key: string; entry: Record<string, unknown> }>();
  const orphans: Diagnostic[] = [];
  for (const [key, entry] of Object.entries(data.operations ?? {})) {
    const route = ROUTE.exec(key);
    const found = byKey.get(route ? `${route[1]!.toUpperCase()} ${route[2]}` : key);
    const at = (path: (string | number)[], message: string, hint?: string, asKey = false) => problems.push({ ...locatePath(overlay, ["operations", key, ...path], { key: asKey }), message, ...(hint && { hint }) });
    if (!isObject(entry)) {
      at([], `what operation "${key}" adds must be a mapping (tokens, limits, ...)`);
      continue;
    }
    for (const fixed of ["method", "path"]) if (fixed in entry) at([fixed], `the document says the ${fixed} of "${key}"`, "remove it here; change the document to change the route", true);
    if (!found) {
      const suggestion = closest(key, [...byKey.keys()]);
      orphans.push({
        ...locatePath(overlay, ["operations", key], { key: true }),
        message: `"${key}" matches no operation of ${(data as { source: { openapi: string } }).source.openapi}: what it adds is not used`,
        hint: suggestion ? `did you mean "${suggestion}"? Otherwise remove the entry` : goneHint(key, catalogue.modules.flatMap((module) => module.operations.map((operation) => operation.id))),
      });
      continue;
    }
    const id = `${found[0]}:${found[1]}`;
    const earlier = additions.get(id);
    if (earlier) {
      at([], `"${key}" names the same operation as "${earlier.key}"`, "merge the two entries into one", true);
      continue;
    }
    additions.set(id, { key, entry });
  }

  // Types the user replaces, by the name the catalogue gives them.
  const typeNames = new Set(catalogue.modules.flatMap((module) => module.types.map(([name]) => name)));
  const replaced = new Map<string, RawType>();
  for (const [name, type] of Object.entries(data.types ?? {})) {
    if (typeNames.has(name)) {
      replaced.set(name, type as RawType);
      continue;
    }
    const suggestion = closest(name, [...typeNames]);
    orphans.push({
      ...locatePath(overlay, ["types", name], { key: true }),
      message: `"${name}" is no type of ${(data as { source: { openapi: string } }).source.openapi}: it replaces nothing`,
      hint: suggestion ? `did you mean "${suggestion}"? Otherwise remove the entry` : "types here replace the document's; declare a new type in a module file of your own",
    });
  }
  const api: RawApi = mergeApi(catalogue.api, data.api ?? {});
  const apiFile = virtualFile(overlay, overlay.name, { api }, (document) => apiGrafts(document, overlay, data.api));
  const moduleFiles = catalogue.modules.map((module, m) => {
    const operations: RawOperation[] = module.operations.map((operation, i) => {
      const addition = additions.get(`${m}:${i}`);
      return addition || hasDefaults ? ({ ...operation, ...defaults, ...addition?.entry } as RawOperation) : operation;
    });
    const types = module.types.map(([name, type]): [string, RawType] => [name, replaced.get(name) ?? type]);
    const raw: RawFile = { module: module.module, ...(types.length > 0 && { types: Object.fromEntries(types) }), operations };
    const ownTypes = module.types.map(([name]) => name).filter((name) => replaced.has(name));
    // Where each operation's additions were written: defaults first, then its own entry.
    const written = module.operations.map((_, i) => {
      const key = additions.get(`${m}:${i}`)?.key;
      return [...(hasDefaults ? [["defaults"]] : []), ...(key === undefined ? [] : [["operations", key]])];
    });
    return virtualFile(overlay, `${module.module.id}.yaml`, raw, (document) => operationGrafts(document, overlay, written, ownTypes), written.map((paths) => paths.at(-1)));
  });
  for (const orphan of orphans) warn(orphan, overlay.text);
  const others = loaded.files.filter((file) => file !== overlay);
  const where = new Map<CatalogueFile, ConvertedDocument["keys"][number]>(moduleFiles.map((file, m) => [file, keys[m]!]));
  const model = modelOf(
    { files: [apiFile, ...moduleFiles, ...others], diagnostics: problems },
    {
      sourceOf: (file, index) => {
        const at = where.get(file)?.[index]?.at;
        if (at) return { file: relative(dir, at.file).split(sep).join("/"), line: at.line, column: at.column };
        return sourceOf(file, index);
      },
    },
  );
  const document = relative(dir, documentPath).split(sep).join("/");
  return { ...model, sources: [...new Set([overlay.name, ...others.map((file) => file.name), document])].sort() };
}

/** The document's api section with the user's: title, description, principal, responses and auth's other keys replace; token kinds, limit groups and servers merge by id. */
function mergeApi(api: RawApi, added: Record<string, unknown>): RawApi {
  const auth = isObject(added.auth) ? added.auth : {};
  const byId = <T extends { id: string }>(base: readonly T[] | undefined, more: unknown): T[] | undefined => {
    if (!Array.isArray(more)) return base ? [...base] : undefined;
    const ids = new Set(more.map((item) => (isObject(item) ? item.id : undefined)));
    return [...(base ?? []).filter((item) => !ids.has(item.id)), ...(more as T[])];
  };
  const limitGroups = byId(api.limitGroups, added.limitGroups);
  const servers = byId(api.servers, added.servers);
  const { limitGroups: _groups, servers: _servers, ...rest } = api;
  return {
    ...rest,
    ...(added.title !== undefined && { title: added.title as string }),
    ...(added.description !== undefined && { description: added.description as string }),
    ...(added.principal !== undefined && { principal: added.principal as string }),
    ...(added.responses !== undefined && { responses: added.responses as NonNullable<RawApi["responses"]> }),
    auth: { ...api.auth, ...(auth as Partial<RawApi["auth"]>), tokenKinds: byId(api.auth.tokenKinds, auth.tokenKinds) ?? [] },
    ...(limitGroups && limitGroups.length > 0 && { limitGroups }),
    ...(servers && servers.length > 0 && { servers }),
  };
}

/** The document's absolute path; undefined (after `outside()`) when it lies outside the folder that holds the catalogue folder. */
function documentFile(dir: string, name: string, outside: () => void): string | undefined {
  const project = dirname(resolve(dir));
  const path = resolve(dir, name);
  let real = path;
  let realProject = project;
  try {
    realProject = realpathSync(project);
    real = realpathSync(path);
  } catch {
    // a missing document: the importer says so, positioned
  }
  const rel = relative(realProject, real);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(name) || rel.startsWith("..") || resolve(realProject, rel) !== real) {
    outside();
    return undefined;
  }
  return path;
}

function insideProject(dir: string): [string, string] {
  const project = displayPath(dirname(resolve(dir))) || ".";
  return [`the OpenAPI document must lie inside ${project}, the folder that holds the catalogue folder`, "copy the document there, or add it as a devDependency and name it under ../node_modules/"];
}

/** The importer's `file:line:col: error: message` as a diagnostic. */
function importDiagnostic(message: string, overlay: CatalogueFile): Diagnostic {
  const match = /^(.*?):(\d+):(\d+): error: ([\s\S]*)$/.exec(message);
  if (match) return { file: match[1]!, line: Number(match[2]), column: Number(match[3]), length: 1, message: match[4]! };
  const plain = /^(.*?): error: ([\s\S]*)$/.exec(message);
  if (plain) return { ...locatePath(overlay, ["source", "openapi"]), message: `${plain[1]}: ${plain[2]}`, hint: "source.openapi names the document, relative to this folder" };
  return { ...locatePath(overlay, ["source", "openapi"]), message };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The hint for an addition whose operation the document no longer has: the nearest operation id, where there is one. */
function goneHint(key: string, ids: readonly string[]): string {
  const near = nearest(key, ids);
  const instead = near === undefined ? "the operation's new id" : `its new id (the nearest is "${near}")`;
  return `the document no longer has this operation; remove the entry, or key it by ${instead} or \`METHOD /path\``;
}
