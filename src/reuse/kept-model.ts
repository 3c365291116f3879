// The checked model, kept per catalogue file: a regenerate checks and models again only the files
// whose text changed, and takes every other file's share of the model as a full check left it.
//
// Sound because a file's checks depend only on its own data, the api section, the named types'
// data and what must be unique across files. A kept file is used only when the api file's text
// and every file's named types are what they were when it was checked (the index's `context`);
// the changed files get the real checks (schema and semantic, beside the api section and every
// file's named types, which are the ones a sound check saw and so are not checked again; a
// changed file that claims nothing its previous part did not claim needs no comparison with the
// kept parts); what must be unique across files (operation ids, routes and path
// templates, module names, generated names) is compared on the parts. Any problem at all, or
// anything not kept, means the full check of src/validate/index.ts: its diagnostics are the only
// ones ever reported, so a cached run says exactly what a full check says. The validator itself
// knows nothing of this: it hands its stage to `reusedModel` (src/validate/index.ts `CheckStage`).
import { ModelCache, type KeptIndex, type KeptModuleKey, type KeptPart } from "./records.js";
import { folded, unfold } from "./memo.js";
import type { CatalogueFile, LoadResult } from "../load/load.js";
import type { RawFile } from "../load/raw.js";
import type { ModelPart } from "../model/build.js";
import type { ApiModel, ModuleModel, OperationModel } from "../model/types.js";
import { operationsUnread, withLazyOperations } from "../model/lazy-operations.js";
import { camelCase, GENERATED_NAMES, routeShape } from "../shared/names.js";
import type { CheckStage } from "../validate/index.js";
import { fileTextSha256, sha256 } from "../shared/hash.js";
import { ModuleKeys } from "./module-keys.js";
import { reuseOf } from "./report.js";

type FileKey = KeptIndex["files"][string];

/**
 * The model of the catalogue folder `dir`'s loaded files: from the parts kept for it and the
 * changed files where that gives what a full check would, else the full check (`stage.all`),
 * whose parts are then kept.
 */
export function reusedModel(stage: CheckStage, loaded: LoadResult, dir: string): ApiModel {
  const cache = ModelCache.open(dir);
  const kept = keptModel(stage, loaded, cache);
  if (kept) return kept;
  const { api, parts } = stage.all(loaded);
  const keep = keepParts(loaded.files, parts, cache);
  const model = stage.assemble(api, parts);
  keep?.(model);
  return model;
}

/** The model from kept parts and the changed files, when that gives what a full check would; else undefined. */
function keptModel(stage: CheckStage, { files, diagnostics }: LoadResult, cache: ModelCache): ApiModel | undefined {
  if (diagnostics.length > 0 || files.some((file) => file.data === undefined)) return undefined;
  const index = cache.index();
  if (index === undefined) return undefined;
  const apiFiles = files.filter((file) => hasKey(file.data, "api"));
  if (apiFiles.length !== 1) return undefined;
  const keys = files.map((file) => keyOf(file, index));
  const context = contextOf(files, keys, apiFiles[0]!);
  if (context !== index.context) return undefined;

  const kept = new Map<string, ModelPart>();
  // The kept modules whose operations the run reads after all (its report's `parsedLazily`).
  const parsedLazily: string[] = [];
  const parsed = (id: string): void => void parsedLazily.push(id);
  files.forEach((file, i) => {
    // Kept from this file's text: what modelPart makes of it again is what was kept.
    const part = index.files[file.name]?.hash === keys[i]!.hash ? previousPart(cache, index, file.name, context, parsed) : undefined;
    if (part !== undefined) kept.set(file.name, part);
  });
  const changed = files.filter((file) => !kept.has(file.name));
  if (changed.length === files.length) return undefined;

  // The changed files: the real checks, beside the api section and every file's named types.
  const fresh = stage.changed(changed, files.filter((file) => kept.has(file.name)), apiFiles[0]!);
  if (fresh === undefined) return undefined;
  const madeParts = new Map<string, { hash: string; kept: KeptPart }>();
  const parts = files.map((file, i): ModelPart => {
    const part = kept.get(file.name);
    if (part !== undefined) return part;
    const made = fresh.get(file)!;
    madeParts.set(file.name, { hash: keys[i]!.hash, kept: keptPart(made) });
    return made;
  });
  const changedNames = new Set(changed.map((file) => file.name));
  if (!claimsNoMore(parts, changedNames, (name) => previousPart(cache, index, name, context, parsed)) && clashesAcrossFiles(parts, changedNames)) return undefined;
  const next: KeptIndex = { context, files: {} };
  files.forEach((file, i) => {
    if (kept.has(file.name) || madeParts.has(file.name)) next.files[file.name] = keys[i]!;
  });
  cache.save(next, madeParts);
  const model = stage.assemble((apiFiles[0]!.data as RawFile).api!, parts);
  reuseOf(model).parsedLazily = parsedLazily;
  knowModuleKeys(model, files, keys, parts, context, cache, cache.moduleKeys(context));
  return model;
}

/**
 * Keeps every file's part after a full check found the catalogue sound (`parts` before assembleModel
 * changes them); returns what keeps the module keys of the model made from them.
 */
function keepParts(files: readonly CatalogueFile[], parts: readonly ModelPart[], cache: ModelCache): ((model: ApiModel) => void) | undefined {
  const apiFiles = files.filter((file) => hasKey(file.data, "api"));
  if (apiFiles.length !== 1) return undefined;
  const keys = files.map((file) => keyOf(file, undefined));
  const index: KeptIndex = { context: contextOf(files, keys, apiFiles[0]!), files: {} };
  const made = new Map<string, { hash: string; kept: KeptPart }>();
  files.forEach((file, i) => {
    index.files[file.name] = keys[i]!;
    made.set(file.name, { hash: keys[i]!.hash, kept: keptPart(parts[i]!) });
  });
  cache.save(index, made);
  return (model) => knowModuleKeys(model, files, keys, parts, index.context, cache, undefined);
}

/**
 * Tells module-keys.ts the keys of the modules whose file's text is the one their kept key was made
 * from, in the same context: a module's part of the model depends only on its file, the api file
 * and every file's named types (and the files' names), so its key is the same. The keys this run
 * has are kept for the next.
 */
function knowModuleKeys(model: ApiModel, files: readonly CatalogueFile[], keys: readonly FileKey[], parts: readonly ModelPart[], context: string, cache: ModelCache, recorded: Record<string, KeptModuleKey> | undefined): void {
  const known = new Map<string, string>();
  files.forEach((file, i) => {
    const id = parts[i]?.module?.id;
    const entry = recorded?.[file.name];
    if (id !== undefined && entry?.hash === keys[i]!.hash && entry.module === id) known.set(id, entry.key);
  });
  ModuleKeys.know(model, {
    known,
    keep(made) {
      const kept: Record<string, KeptModuleKey> = {};
      files.forEach((file, i) => {
        const id = parts[i]?.module?.id;
        const key = id === undefined ? undefined : made.get(id);
        if (key !== undefined) kept[file.name] = { hash: keys[i]!.hash, module: id!, key };
      });
      cache.saveModuleKeys(context, kept);
    },
  });
}

function keyOf(file: CatalogueFile, index: KeptIndex | undefined): FileKey {
  // With the file's name in the catalogue: the parts say where each operation is declared (not the
  // path messages show, which is the working folder's: a run from another folder keeps the parts).
  const hash = sha256(`${file.name}\n${fileTextSha256(file)}`);
  const recorded = index?.files[file.name];
  if (recorded?.hash === hash) return recorded;
  return { hash, types: sha256(JSON.stringify((file.data as RawFile | undefined)?.types ?? null)) };
}

/** The api file's text and every file's named types: what a kept file's checks depended on. */
function contextOf(files: readonly CatalogueFile[], keys: readonly FileKey[], api: CatalogueFile): string {
  const lines = [`api ${api.name} ${keys[files.indexOf(api)]!.hash}`];
  files.forEach((file, i) => lines.push(`${file.name} ${keys[i]!.types}`));
  return sha256(lines.join("\n"));
}

/** The part file `name` had when the index was kept, if it is still there. */
function previousPart(cache: ModelCache, index: KeptIndex, name: string, context: string, parsed: (id: string) => void): ModelPart | undefined {
  const hash = index.files[name]?.hash;
  const record = hash === undefined ? undefined : cache.part(name, hash, context);
  return record === undefined ? undefined : restoredPart(record, parsed);
}

/** A part as kept: its module's operations and their heads (what they claim across files, see claimsOf) folded. */
function keptPart(part: ModelPart): KeptPart {
  if (part.module === undefined) return { part };
  const { operations, ...module } = part.module;
  return { part: { ...part, module: module as ModuleModel }, operations: folded(operations), heads: folded(operations.map(headOf)) };
}

/** What an operation claims across files is made from: its id, method and path. */
type OperationHead = [id: string, method: string, path: string];

function headOf(operation: OperationModel): OperationHead {
  return [operation.id, operation.method, operation.path];
}

/** The heads of a kept module's operations, read without its operations (undefined: not readable, the operations say them). */
const keptHeads = new WeakMap<ModuleModel, () => OperationHead[] | undefined>();

/** The part `keptPart` kept, its module's operations and their heads unfolded when first read. */
function restoredPart({ part, operations, heads }: KeptPart, parsed: (id: string) => void): ModelPart {
  if (part.module === undefined || operations === undefined || heads === undefined) return part;
  const module = withLazyOperations(part.module, () => unfold(operations) as OperationModel[], parsed);
  keptHeads.set(module, () => unfold(heads) as OperationHead[]);
  return { ...part, module };
}

/**
 * True when every changed file claims nothing its previous part did not claim, with the same
 * value: the kept files were sound together with those previous parts (they were all in one
 * index, checked in this context), so they cannot clash with the changed ones. The usual edit (a
 * summary, a description, a parameter) passes this without going over every kept part's claims.
 */
function claimsNoMore(parts: readonly ModelPart[], changed: ReadonlySet<string>, previous: (name: string) => ModelPart | undefined): boolean {
  for (const part of parts) {
    if (!changed.has(part.name)) continue;
    const before = previous(part.name);
    if (before === undefined) return false;
    const claimed = new Set<string>();
    claimsOf(before, (key, value) => void claimed.add(JSON.stringify([key, value])));
    let more = false;
    claimsOf(part, (key, value) => {
      if (!claimed.has(JSON.stringify([key, value]))) more = true;
    });
    if (more) return false;
  }
  return true;
}

/**
 * Whether a changed file claims what a kept file claims, of what must be unique across the
 * catalogue (src/validate/semantic.ts and generated-names.ts say so for two parts of one check).
 * The changed files were checked together, and the kept ones were sound together when kept.
 */
function clashesAcrossFiles(parts: readonly ModelPart[], changed: ReadonlySet<string>): boolean {
  const claims = new Map<string, { file: string; value: string | undefined }>();
  for (const part of parts) if (changed.has(part.name)) claimsOf(part, (key, value) => claims.set(key, { file: part.name, value }));
  let clash = false;
  for (const part of parts) {
    if (changed.has(part.name)) continue;
    claimsOf(part, (key, value) => {
      const other = claims.get(key);
      // `value` undefined: only one file may claim `key`; else files may share it with the same value.
      if (other !== undefined && (value === undefined || other.value !== value)) clash = true;
    });
    if (clash) return true;
  }
  return false;
}

function claimsOf({ module, types }: ModelPart, claim: (key: string, value?: string) => void): void {
  for (const named of types) {
    claim(`type ${named.name}`);
    claim(`name ${named.name}`, `type ${named.name}`);
    for (const derived of GENERATED_NAMES.type(named.name)) claim(`name ${derived.name}`, `type ${named.name}`);
  }
  if (module === undefined) return;
  claim(`module ${camelCase(module.id)}`);
  for (const derived of GENERATED_NAMES.module(module.id)) claim(`name ${derived.name}`, `module ${module.id}`);
  // A kept module's operations not read yet: their heads, kept beside them, say the same.
  const heads = operationsUnread(module) ? keptHeads.get(module)?.() : undefined;
  for (const [id, method, path] of heads ?? module.operations.map(headOf)) {
    const source = `operation ${id}`;
    claim(`id ${id}`);
    claim(`route ${routeShape(method, path)}`);
    claim(`template ${routeShape("", path)}`, path);
    claim(`name ${id}`, source);
    for (const derived of GENERATED_NAMES.operation(id)) claim(`name ${derived.name}`, source);
  }
}

function hasKey(data: unknown, key: string): boolean {
  return typeof data === "object" && data !== null && Object.hasOwn(data, key);
}

