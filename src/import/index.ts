// `catalogen import`: OpenAPI 3.0/3.1 -> the plain intermediate -> catalogue YAML.
import { docPage } from "../shared/doc-pages.js";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { RawOperation, RawType } from "../load/raw.js";
import { compareText } from "../model/order.js";
import type { ApiModel } from "../model/types.js";
import { CatalogueError, type Diagnostic } from "../shared/diagnostic.js";
import { isMap, isScalar, isSeq } from "yaml";
import { PositionedTexts } from "./positioned.js";
import { checkStage, loadModel } from "../validate/index.js";
import { reusedModel } from "../reuse/kept-model.js";
import { asCatalogueFiles, directFiles, recordInLoadCache } from "./loaded.js";
import { readAuth } from "./auth.js";
import { readExternalDocs, type RawExternalDocs } from "./external-docs.js";
import { INFO_KEYS, readInfo } from "./info.js";
import { boundTexts } from "./text-bounds.js";
import { MAX_CATALOGUE_BYTES, megabytes } from "../load/limits.js";
import { apiDescription, catalogenDialect, describedKinds, isCatalogenExport, moduleTitleArea } from "./dialect.js";
import { catalogueSchemaPath } from "../shared/schema-path.js";
import type { CataloguePart, ImportedCatalogue, ImportedModule, ImportedOperation } from "./ir.js";
import { moduleId, moduleIdentifiers, NameRegistry, readableModuleId } from "./names.js";
import { DEFAULT_ACCESS_EXTENSIONS, type AccessExtensions } from "./access.js";
import { tableWords } from "./table-words.js";
import { firstSegment, OperationReader } from "./operations.js";
import { at, DocumentSet, documentText, ImportError, isObject, type Place, type ReadOptions } from "./read.js";
import { importedPrincipal } from "./limits.js";
import { paginationDefinitions } from "./streams-pages.js";
import { ImportReport } from "./report.js";
import { firstLine, lineLeadingDescription, MAX_LINE } from "./lines.js";
import { SchemaConverter, shortValue } from "./schemas.js";
import { ServerReader } from "./servers.js";
import { catalogueFiles, type CatalogueText } from "./yaml.js";
import { promoteSharedResponses } from "./responses.js";
import { groupsExtension, LimitGroupReader } from "./limit-groups.js";
import { convertSwagger, loadConverter, swaggerPlace } from "./swagger.js";

export { ImportError, ImportReport };

export interface ImportOptions {
  /** Modules per tag (default) or per first path segment. */
  moduleBy?: "tag" | "path";
  tokenKindsExtension?: string;
  limitsExtension?: string;
  /**
   * Words added to the dictionary of rate-limit tables in descriptions (docs/rate-limits-import.md),
   * e.g. `{ columns: { period: ["Zeitraum"] } }`; `false`: tables are not read.
   */
  limitTableWords?: unknown;
  /** Operation extension with the token categories that may call it. Default `x-category`. */
  categoriesExtension?: string;
  /** Operation extension saying whether a read-only token may call it. Default `x-readonly-method`. */
  readOnlyExtension?: string;
  /** Tag extension with the module's id (a readable key for a tag in any language). Default `x-tagKey`. */
  tagKeyExtension?: string;
  /** For messages: paths are shown relative to it. */
  cwd?: string;
  /** Folders besides the document's own that its `$ref`s may reach (docs/import-safety.md). */
  allowRefDirs?: readonly string[];
  /** The folder the document itself must lie in, after links (a living source's project folder). */
  documentInside?: string;
}

export interface ImportResult {
  catalogue: ImportedCatalogue;
  report: ImportReport;
  /** Each operation with its place in the document (a living source keys additions by them). */
  operations: ImportedOperation[];
  /** The document and the files its $refs name, as read. */
  docs: DocumentSet;
}

/**
 * Reads an OpenAPI 3.0/3.1 or Swagger 2.0 document (converted with swagger2openapi, positions still
 * in the user's text) and builds the catalogue it holds (nothing is written).
 */
export async function importDocument(file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const docs = new DocumentSet(file, readOptions(options));
  const root = docs.get(docs.root);
  if (!isObject(root) || root.swagger === undefined) return importFrom(docs, options);
  if (root.swagger !== "2.0" && root.swagger !== 2) docs.fail(at(docs.root, "swagger"), `Swagger ${shortValue(root.swagger)} is not read; only Swagger 2.0 (and OpenAPI 3.0/3.1) are`);
  let data: unknown;
  // Swagger 2.0 has no default media type (the converter writes */*, which the catalogue cannot hold): JSON, as most 2.0 APIs are.
  const withDefaults = { ...root };
  for (const key of ["consumes", "produces"]) {
    if (withDefaults[key] !== undefined) continue;
    withDefaults[key] = ["application/json"];
  }
  const converter = await loadConverter();
  try {
    data = await convertSwagger(converter, withDefaults, docs.root.file);
  } catch (error) {
    docs.fail(docs.root, `swagger2openapi could not convert this Swagger 2.0 document: ${String((error as Error)?.message ?? error).split("\n")[0]}`);
  }
  const result = importFrom(new DocumentSet(file, readOptions(options), { data, sourcePlace: swaggerPlace }), options);
  result.report.derive("#/swagger", "converted from Swagger 2.0 to OpenAPI 3.0 with swagger2openapi before import");
  for (const key of ["consumes", "produces"]) if (root[key] === undefined) result.report.derive("#", `${key}: [application/json] (the document names no media type)`);
  return result;
}

/** Reads an OpenAPI 3.0/3.1 document and builds the catalogue it holds (nothing is written); Swagger 2.0: see importDocument. */
export function importOpenApi(file: string, options: ImportOptions = {}): ImportResult {
  return importFrom(new DocumentSet(file, readOptions(options)), options);
}

/** What the document reader takes of the import's options. */
function readOptions(options: ImportOptions): ReadOptions {
  return { ...(options.cwd !== undefined && { cwd: options.cwd }), ...(options.allowRefDirs && { allowRefDirs: options.allowRefDirs }), ...(options.documentInside !== undefined && { documentInside: options.documentInside }) };
}

function importFrom(docs: DocumentSet, options: ImportOptions): ImportResult {
  const root = docs.get(docs.root);
  if (!isObject(root)) docs.fail(docs.root, "an OpenAPI document must be an object");
  if (typeof root.swagger === "string") docs.fail(at(docs.root, "swagger"), `Swagger ${root.swagger} is read by importDocument (catalogen import), which converts it first`);
  if (typeof root.openapi !== "string" || !/^3\.[012]\.\d+/.test(root.openapi)) {
    docs.fail("openapi" in root ? at(docs.root, "openapi") : docs.root, `not an OpenAPI 3.0, 3.1 or 3.2 document (openapi: ${shortValue(root.openapi)})`);
  }
  const info = root.info;
  if (!isObject(info)) docs.fail("info" in root ? at(docs.root, "info") : docs.root, "info is required: an object with the API's title");

  const dialect = isCatalogenExport(root) ? catalogenDialect : undefined;
  const tokenKindsExtension = options.tokenKindsExtension ?? (dialect ? "x-token-kinds" : undefined);
  const limitsExtension = options.limitsExtension ?? (dialect ? "x-rate-limits" : undefined);
  const words = options.limitTableWords === false ? undefined : tableWords(options.limitTableWords);
  if (typeof words === "string") throw new ImportError(`${words} (${docPage("rate-limits-import.md")} lists the dictionary)`);
  const access: AccessExtensions = {
    categories: options.categoriesExtension ?? DEFAULT_ACCESS_EXTENSIONS.categories,
    readOnly: options.readOnlyExtension ?? DEFAULT_ACCESS_EXTENSIONS.readOnly,
  };
  const report = new ImportReport();
  const names = new NameRegistry();
  const schemas = new SchemaConverter(docs, report, names, dialect?.text, dialect !== undefined);
  const auth = readAuth(docs, report, { ...(tokenKindsExtension && { tokenKindsExtension }), ...(dialect && { describeScheme: describedKinds }) });
  reportDocumentLevel(docs, report, root, dialect !== undefined, limitsExtension, auth.schemes !== undefined);
  const limitGroups = new LimitGroupReader(docs, report, auth, limitsExtension);
  const servers = new ServerReader(docs, report, dialect !== undefined);

  const paging = paginationDefinitions(root);
  const reader = new OperationReader(docs, report, names, schemas, auth, {
    moduleBy: options.moduleBy ?? "tag",
    ...(tokenKindsExtension && { tokenKindsExtension }),
    ...(limitsExtension && { limitsExtension }),
    limitGroups,
    ...(dialect && { dialect }),
    paginations: new Map(paging.map((definition) => [definition.id, definition])),
    ...(words && { tableWords: words }),
    access,
  });
  reader.readAll();
  const apiResponses = promoteSharedResponses(reader.operations, dialect ? 1 : 2);
  const componentSchemas = docs.get(at(docs.root, "components", "schemas"));
  if (isObject(componentSchemas)) {
    for (const name of Object.keys(componentSchemas)) {
      if (dialect && name === "ErrorBody") continue; // the exporter's description of generated servers, not of the API
      schemas.nameOf(at(docs.root, "components", "schemas", name));
    }
  }
  schemas.finish();

  const tagKey = options.tagKeyExtension ?? "x-tagKey";
  const modules = groupModules(docs, report, names, reader.operations, options.moduleBy ?? "tag", dialect !== undefined, tagKey);
  servers.assign(reader.operations, modules, (group) => tagServers(root, group));
  const lostTypes: Place[] = [];
  placeTypes(modules, schemas, lostTypes);
  for (const place of lostTypes) report.lost(docs.pointer(place), "the schema: the document has no operations, and catalogue types live in the file of a module with operations");
  const ownDescription = dialect ? apiDescription(info.description) : typeof info.description === "string" && info.description.trim() !== "" ? info.description : undefined;
  const { title, description } = apiTitle(docs, report, info, ownDescription);
  const externalDocs = readExternalDocs(docs, report, at(docs.root, "externalDocs"), (value) => documentText(value, dialect));
  const catalogue: ImportedCatalogue = {
    api: {
      title,
      ...(description !== undefined && { description }),
      ...readInfo(docs, report, info, dialect !== undefined),
      ...(externalDocs !== undefined && { externalDocs }),
      ...importedPrincipal(root, [...limitGroups.limitGroups, ...modules.flatMap((module) => module.operations.flatMap((operation) => operation.limits ?? []))].flatMap((limit) => ("scope" in limit ? [limit.scope] : []))),
      auth: {
        header: auth.header,
        tokenKinds: auth.tokenKinds,
        ...(auth.schemes && { schemes: auth.schemes }),
        ...(auth.schemes && auth.security && { security: auth.security }),
        ...(auth.schemes && auth.security && auth.securityScopes && { securityScopes: auth.securityScopes }),
      },
      ...(limitGroups.limitGroups.length > 0 && { limitGroups: limitGroups.limitGroups }),
      ...(apiResponses !== undefined && { responses: apiResponses }),
      ...(servers.servers.length > 0 && { servers: servers.servers }),
      ...(paging.length > 0 && { pagination: paging }),
    },
    modules: modules.sort((a, b) => compareText(a.module.id, b.module.id)),
    source: (part) => docs.position(sourcePlace(part)),
  };
  boundTexts(catalogue, report, (part) => docs.pointer(sourcePlace(part)));
  return { catalogue, report, operations: reader.operations, docs };

  function sourcePlace(part: CataloguePart): Place {
    if (part.type !== undefined) {
      const named = [...schemas.named.values()].find((entry) => entry.name === part.type);
      if (named) return named.place;
    }
    const module = modules.find((candidate) => candidate.module.id === part.module);
    const operation = module?.operations[part.operation ?? 0];
    return reader.operations.find((entry) => entry.operation === operation)?.place ?? docs.root;
  }
}

/**
 * The API's title: info.title, its first line when it is longer than the catalogue's one line
 * (the whole title then leads the description), the document's file name when it is empty.
 */
function apiTitle(docs: DocumentSet, report: ImportReport, info: Record<string, unknown>, description: string | undefined): { title: string; description?: string } {
  const pointer = docs.pointer(at(docs.root, "info", "title"));
  const given = typeof info.title === "string" ? info.title : "";
  if (given.trim() === "") {
    const title = basename(docs.root.file).replace(/\.(json|ya?ml)$/i, "") || "API";
    report.derive(pointer, `API title "${title}" from the file name (info.title is ${typeof info.title === "string" ? "empty" : "missing"})`);
    return { title, ...(description !== undefined && { description }) };
  }
  const led = lineLeadingDescription(given, description);
  if (led.shortened !== undefined) report.derive(pointer, `API title ${led.shortened}; the whole title leads the description`);
  return { title: led.line, ...(led.description !== undefined && { description: led.description }) };
}

function reportDocumentLevel(docs: DocumentSet, report: ImportReport, root: Record<string, unknown>, dialect: boolean, limitsExtension: string | undefined, schemes: boolean): void {
  const lost = (key: string, what: string) => report.lost(docs.pointer(at(docs.root, key)), what);
  const info = root.info as Record<string, unknown>;
  for (const key of Object.keys(info)) {
    if (key === "title" || key === "description" || INFO_KEYS.has(key)) continue;
    report.lost(docs.pointer(at(docs.root, "info", key)), `info.${key}: ${shortValue(info[key])} (not held by the catalogue's api section)`, `info.${key}`);
  }
  // servers: src/import/servers.ts.
  for (const key of ["webhooks", "jsonSchemaDialect"]) {
    if (key in root) lost(key, `${key}: ${shortValue(root[key])} (not held by the catalogue language)`);
  }
  const components = root.components;
  if (isObject(components)) {
    for (const key of ["callbacks", "links", "headers", "pathItems"]) {
      if (key in components) report.lost(docs.pointer(at(docs.root, "components", key)), `components.${key} (not held by the catalogue; used places are reported where they are used)`);
    }
  }
  const security = root.security;
  // With schemes the requirement is held (and its scopes reported) by src/import/security-schemes.ts.
  if (Array.isArray(security) && !schemes) {
    security.forEach((requirement, i) => {
      if (!isObject(requirement)) return;
      const names = Object.keys(requirement);
      if (names.length === 0) report.lost(docs.pointer(at(docs.root, "security", i)), "{} (authentication is optional; the catalogue cannot say so)");
      if (names.length > 1) report.lost(docs.pointer(at(docs.root, "security", i)), `${names.join(" + ")} required together (the catalogue holds one token per request)`);
      for (const name of names) {
        const scopes = requirement[name];
        if (Array.isArray(scopes) && scopes.length > 0) report.lost(docs.pointer(at(docs.root, "security", i, name)), `scopes ${shortValue(scopes)} (the catalogue has no scopes)`);
      }
    });
  }
  for (const key of Object.keys(root)) {
    // The limits extension on the document is every operation's default, its -groups the limit groups: both read.
    if (limitsExtension !== undefined && (key === limitsExtension || key === groupsExtension(limitsExtension))) continue;
    if (key === "x-pagination") continue; // the shared paging definitions: read (src/import/streams-pages.ts)
    if (key === "x-principal") continue; // whose budgets the limits count: the catalogue's principal (src/import/limits.ts)
    if (key.startsWith("x-") && !(dialect && (key === "x-generated-by" || key === "x-servers"))) lost(key, `${key} (vendor extension)`);
  }
}

function groupModules(
  docs: DocumentSet,
  report: ImportReport,
  names: NameRegistry,
  operations: ImportedOperation[],
  moduleBy: "tag" | "path",
  dialect: boolean,
  tagKey: string,
): ImportedModule[] {
  const tags = new Map<string, { description?: string; index: number; key?: string; externalDocs?: RawExternalDocs }>();
  const declared = (docs.get(docs.root) as Record<string, unknown>).tags;
  if (Array.isArray(declared)) {
    declared.forEach((tag, index) => {
      if (isObject(tag) && typeof tag.name === "string") {
        const key = typeof tag[tagKey] === "string" ? tag[tagKey] : undefined;
        const externalDocs = "externalDocs" in tag ? readExternalDocs(docs, report, at(docs.root, "tags", index, "externalDocs"), (value) => documentText(value, dialect ? catalogenDialect : undefined)) : undefined;
        tags.set(tag.name, {
          ...(typeof tag.description === "string" && tag.description.trim() !== "" && { description: tag.description }),
          index,
          ...(key !== undefined && { key }),
          ...(externalDocs !== undefined && { externalDocs }),
        });
        for (const key of Object.keys(tag)) {
          if (key !== "name" && key !== "description" && key !== "externalDocs" && key !== tagKey && !(dialect && key === "x-servers")) report.lost(docs.pointer(at(docs.root, "tags", index, key)), `${key} of tag "${tag.name}" (not held by the catalogue)`);
        }
      }
    });
  }
  const byGroup = new Map<string, ImportedModule>();
  for (const { group, bySegment, operation } of operations) {
    let module = byGroup.get(group);
    if (!module) {
      const tag = moduleBy === "tag" ? tags.get(group) : undefined;
      const segment = firstSegment(operation.path);
      const id = names.claim(readableModuleId([tag?.key, group, segment]), moduleIdentifiers, "_");
      const pointer = tag ? docs.pointer(at(docs.root, "tags", tag.index)) : docs.pointer(at(docs.root, "paths"));
      report.renamed("module", group, id, pointer);
      const fromDialect = dialect && tag?.description ? moduleTitleArea(tag.description) : undefined;
      const title = oneLine(fromDialect?.title ?? group, `module ${id}'s title`, pointer, report);
      const given = fromDialect?.area ?? tag?.description;
      // A module of untagged operations is named after their first path segment, even when modules follow tags.
      const tagged = moduleBy === "tag" && bySegment !== true;
      const area = given !== undefined ? oneLine(given, `module ${id}'s area (the tag's description)`, pointer, report) : tagged ? `Operations tagged ${group}` : `Operations under /${segment ?? ""}`;
      if (given === undefined) report.derive(pointer, `module ${id}: area "${area}" (the source does not describe the ${tagged ? "tag" : "path segment"})`);
      module = { module: { id, title, area, ...(tag?.externalDocs !== undefined && { externalDocs: tag.externalDocs }) }, types: [], operations: [] };
      byGroup.set(group, module);
    }
    module.operations.push(operation);
  }
  return [...byGroup.values()].flatMap((module) => splitLarge(module, names, report, docs.pointer(at(docs.root, "paths"))));
}

const MAX_MODULE_OPERATIONS = 500;
/** Characters of JSON a module's operations may take (their YAML is a little longer; the loader takes 4 MiB a file). */
const MAX_MODULE_TEXT = 2_000_000;

/**
 * A module of more operations than one catalogue file holds in comfort (AWS's EC2: 1,188
 * operations, 4.8 MiB of YAML; Azure's LUIS authoring: 172 operations, 4.1 MiB) as consecutive
 * parts of at most MAX_MODULE_OPERATIONS and about MAX_MODULE_TEXT each, `<id>`, `<id>_2`, ...,
 * each part listed as derived.
 */
function splitLarge(module: ImportedModule, names: NameRegistry, report: ImportReport, pointer: string): ImportedModule[] {
  const count = module.operations.length;
  const sizes = module.operations.map((operation) => JSON.stringify(operation).length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const wanted = Math.max(Math.ceil(count / MAX_MODULE_OPERATIONS), Math.ceil(total / MAX_MODULE_TEXT));
  if (wanted <= 1) return [module];
  // Even parts by count and by text, in the document's order; an operation larger than a part's share is a part of its own.
  const chunks: (typeof module.operations)[] = [[]];
  // A tenth over the even share, so that equal operations make `wanted` parts, not one more for the remainder.
  const share = (total / wanted) * 1.1;
  let text = 0;
  module.operations.forEach((operation, index) => {
    const chunk = chunks[chunks.length - 1]!;
    if (chunk.length > 0 && (chunk.length >= Math.ceil(count / wanted) || text + sizes[index]! > share)) {
      chunks.push([operation]);
      text = sizes[index]!;
    } else {
      chunk.push(operation);
      text += sizes[index]!;
    }
  });
  const parts = chunks.length;
  return chunks.map((operations, index) => {
    const id = index === 0 ? module.module.id : names.claim(`${module.module.id}_${index + 1}`, moduleIdentifiers, "_");
    const suffix = ` (${index + 1} of ${parts})`;
    const title = `${module.module.title.slice(0, MAX_LINE - suffix.length)}${suffix}`;
    report.derive(pointer, `module ${id}: part ${index + 1} of ${parts} of the ${count} operations grouped as ${module.module.id} (a module holds at most ${MAX_MODULE_OPERATIONS} operations and about ${MAX_MODULE_TEXT / 1_000_000} MB of their text)`);
    return { module: { ...module.module, id, title }, types: [], operations };
  });
}

/** `text` as it is when the catalogue's one line holds it, else its first line, cut at MAX_LINE; what is left out is reported as lost. */
function oneLine(text: string, what: string, pointer: string, report: ImportReport): string {
  if (text.length <= MAX_LINE) return text;
  const { line, cut } = firstLine(text);
  report.lost(pointer, `${what} beyond its first ${cut ? `${MAX_LINE - 3} characters` : "line"} (the catalogue holds one line of at most ${MAX_LINE} characters here)`, "text longer than a catalogue line");
  return line;
}

/** Each named type goes to the first module (by id) whose operations use it, directly or through other types; unused ones to the first module. */
function placeTypes(modules: ImportedModule[], schemas: SchemaConverter, lostTypes: Place[]): void {
  const byName = new Map([...schemas.named.values()].map((entry) => [entry.name, entry.type!]));
  const owner = new Map<string, ImportedModule>();
  const sorted = [...modules].sort((a, b) => compareText(a.module.id, b.module.id));
  for (const module of sorted) {
    const queue = module.operations.flatMap(operationRefs);
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (owner.has(name) || !byName.has(name)) continue;
      owner.set(name, module);
      queue.push(...typeRefs(byName.get(name)!));
    }
  }
  for (const { name, type, place } of schemas.named.values()) {
    const module = owner.get(name) ?? sorted[0];
    // Types live in module files, and a module without operations generates code that does not compile.
    if (module) module.types.push([name, type!]);
    else lostTypes.push(place);
  }
}

function operationRefs(operation: RawOperation): string[] {
  const types: RawType[] = [];
  for (const parameter of operation.parameters ?? []) if (parameter.schema) types.push(parameter.schema);
  const contents = [operation.request !== "none" ? operation.request?.content : undefined, ...Object.values(operation.responses ?? {}).map((r) => r.content)];
  for (const content of contents) {
    for (const media of Object.values(content ?? {})) {
      if (media.schema) types.push(media.schema);
      if (media.items) types.push(media.items);
      types.push(...Object.values(media.events ?? {}));
    }
  }
  return types.flatMap(typeRefs);
}

function typeRefs(type: RawType): string[] {
  if (type.ref !== undefined) return [type.ref];
  const inner = [
    ...(type.items ? [type.items] : []),
    ...(type.values ? [type.values] : []),
    ...Object.values(type.properties ?? {}),
    ...(typeof type.additionalProperties === "object" ? [type.additionalProperties] : []),
    ...(type.oneOf ?? []),
    ...(type.allOf ?? []),
  ];
  return inner.flatMap(typeRefs);
}

export interface WriteImportOptions {
  force?: boolean;
}

/**
 * Writes the catalogue into `outDir`: staged in a sibling folder, checked with the catalogue's own
 * validator, then moved into place. Refuses a folder that already holds a catalogue unless `force`.
 * The model returned is the one validated (its source refs name the files in `outDir`), kept there
 * as the checked model (src/reuse/kept-model.ts) when the files were checked from memory.
 */
export async function writeCatalogue(
  catalogue: ImportedCatalogue,
  outDir: string,
  options: WriteImportOptions = {},
): Promise<{ files: (CatalogueText & { data: unknown })[]; model: ApiModel }> {
  const out = resolve(outDir);
  const existing = (await readdir(out).catch(() => [] as string[])).filter((name) => /\.ya?ml$/.test(name));
  if (existing.length > 0 && !options.force) {
    throw new ImportError(`${outDir} already holds a catalogue (${existing.slice(0, 3).join(", ")}${existing.length > 3 ? ", ..." : ""}); pass --force to replace it`);
  }
  const files = catalogueFiles(catalogue, catalogueSchemaPath(out));
  checkCatalogueSize(catalogue, files, outDir);
  const stage = join(dirname(out), `.${out.split(sep).pop()}.catalogen-import`);
  const cannot = (error: unknown): never => {
    throw new ImportError(`${outDir}: error: cannot write the catalogue: ${(error as Error).message}`);
  };
  await rm(stage, { recursive: true, force: true }).catch(cannot);
  await mkdir(stage, { recursive: true }).catch(cannot);
  try {
    for (const file of files) await writeFile(join(stage, file.name), file.text).catch(cannot);
    // The written catalogue as the loader reads it: from the text in memory (./loaded.ts), or read
    // back from disk where the loader's own bounds could refuse it.
    const direct = directFiles(files);
    let model: ApiModel;
    try {
      // Checked as the files will be read from `out`, and kept there: a generate that follows does not check them again.
      model = direct ? reusedModel(checkStage, { files: asCatalogueFiles(direct, out), diagnostics: [] }, out) : await loadModel(stage);
    } catch (error) {
      // An importer bug must never leave a catalogue that does not load; its errors point at the
      // document (the staging folder is gone when they are read).
      if (error instanceof CatalogueError) {
        const parsed = new PositionedTexts();
        const lines = error.diagnostics.slice(0, 20).map((diagnostic) => {
          const where = catalogue.source?.(partAt(files, diagnostic, parsed)) ?? diagnostic.file.replace(/^.*[\\/]/, "");
          return `${where}: error: the catalogue written from here does not validate: ${diagnostic.message}`;
        });
        const more = error.diagnostics.length - lines.length;
        if (more > 0) lines.push(`... and ${more} more (the first ${lines.length} are shown)`);
        throw new ImportError(`${lines.join("\n")}\n  hint: this is a bug in catalogen import; please report it with the document`);
      }
      throw error;
    }
    await mkdir(out, { recursive: true });
    for (const name of existing) await rm(join(out, name));
    for (const file of files) await rename(join(stage, file.name), join(out, file.name));
    if (direct) recordInLoadCache(direct, out);
    return { files, model };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/**
 * A document whose catalogue would be over the loader's bound for the whole catalogue (Microsoft
 * Graph's beta: 40 MB of YAML from 44 MB of JSON) is refused before anything is written, saying so.
 */
function checkCatalogueSize(catalogue: ImportedCatalogue, files: readonly CatalogueText[], outDir: string): void {
  const total = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
  if (total <= MAX_CATALOGUE_BYTES) return;
  throw new ImportError(
    `${catalogue.source?.({}) ?? outDir}: error: the catalogue of this document would be ${megabytes(total)} in ${files.length} files, more than the ${megabytes(MAX_CATALOGUE_BYTES)} a catalogue may hold\n` +
      "  hint: a catalogue describes an API, not its data; import the document in parts (split by tag or path), each into a catalogue of its own",
  );
}

/** The part of the staged catalogue a diagnostic points into: its module file, operation or type. */
function partAt(files: CatalogueText[], diagnostic: Diagnostic, parsed: PositionedTexts): CataloguePart {
  const name = diagnostic.file.replace(/^.*[\\/]/, "");
  const file = files.find((candidate) => candidate.name === name);
  if (!file || name === "api.yaml") return {};
  const module = name.replace(/\.yaml$/, "");
  const { document, counter } = parsed.get(name, file.text); // once per file, not per diagnostic
  const offset = (counter.lineStarts[diagnostic.line - 1] ?? 0) + Math.max(diagnostic.column - 1, 0);
  const inside = (node: unknown): boolean => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range !== undefined && offset >= range[0] && offset < range[2];
  };
  const operations = document.get("operations", true);
  if (isSeq(operations)) {
    const index = operations.items.findIndex(inside);
    if (index !== -1) return { module, operation: index };
  }
  const types = document.get("types", true);
  if (isMap(types)) {
    const pair = types.items.find((item) => inside(item.value) || inside(item.key));
    if (pair && isScalar(pair.key)) return { module, type: String(pair.key.value) };
  }
  return { module };
}

/** catalogen's export: the servers a module declares are on its tag, in x-servers. */
function tagServers(root: Record<string, unknown>, group: string): string[] | undefined {
  const tag = Array.isArray(root.tags) ? (root.tags as unknown[]).find((item) => isObject(item) && item.name === group) : undefined;
  const ids = isObject(tag) ? tag["x-servers"] : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : undefined;
}
