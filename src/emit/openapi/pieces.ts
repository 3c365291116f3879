// openapi.json in pieces: each module's operations and named types as the JSON text they take in
// the document, kept in the cache folder by what they are made from (the module's key, see
// module-keys.ts, where each operation's servers go, and catalogen's own build). A regenerate
// makes the pieces of the modules that changed and joins the rest as they were kept: printing
// 10,000 operations' JSON on every run is most of openapi.json's cost. The text is the one
// JSON.stringify(document, null, 2) gives (test/incremental/openapi-pieces.test.ts).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatorCode } from "../../load/cache.js";
import { ModuleKeys } from "../../module-keys.js";
import type { ApiModel, ModuleModel, NamedType } from "../../model/types.js";
import { cacheDirectory } from "../../write/format.js";
import { operationObject } from "./operation.js";
import { toSchema, type Schema } from "./schema.js";
import { operationServerPlaces } from "./servers.js";
import { PAGINATION, paginationExtension } from "./streams-pages.js";

/** One module's share of the document: its operations (path, method, text) and its named types (name, text). */
interface Piece {
  operations: [path: string, method: string, text: string][];
  types: [name: string, text: string][];
}

/** The pieces' folder, or undefined when there is no cache folder (the document is then printed whole). */
export function piecesFolder(): string | undefined {
  const base = cacheDirectory();
  return base === undefined ? undefined : join(base, "openapi-pieces");
}

/**
 * `JSON.stringify(skeleton, null, 2)` in chunks, `skeleton` being the document without its paths'
 * and named types' schemas (an empty `paths`, `components.schemas` with only what follows the named
 * types), those joined from the modules' pieces.
 */
export function* documentChunks(model: ApiModel, skeleton: Schema, folder: string): Generator<string> {
  const pieces = modulePieces(model, folder);
  let first = true;
  for (const [key, member] of Object.entries(skeleton)) {
    if (member === undefined) continue;
    yield `${first ? "{\n" : ",\n"}  ${JSON.stringify(key)}: `;
    first = false;
    if (key === "paths") yield* pathsChunks(model, pieces);
    else if (key === "components") yield* componentsChunks(model, member as Schema, pieces);
    else yield JSON.stringify(member, null, 2).replaceAll("\n", "\n  ");
  }
  yield first ? "{}" : "\n}";
}

function* pathsChunks(model: ApiModel, pieces: ReadonlyMap<string, Piece>): Generator<string> {
  const items = new Map<string, [method: string, text: string][]>();
  for (const module of model.modules) {
    for (const [path, method, text] of pieces.get(module.id)!.operations) {
      const item = items.get(path);
      if (item) item.push([method, text]);
      else items.set(path, [[method, text]]);
    }
  }
  const itemServers = new Map<string, Schema[]>();
  for (const [operation, place] of operationServerPlaces(model)) if (place.on === "item") itemServers.set(operation.path, place.servers);
  let first = true;
  for (const [path, methods] of items) {
    const members = methods.map(([method, text]) => `      ${JSON.stringify(method)}: ${text}`);
    const servers = itemServers.get(path);
    if (servers) members.push(`      "servers": ${JSON.stringify(servers, null, 2).replaceAll("\n", "\n      ")}`);
    yield `${first ? "{\n" : ",\n"}    ${JSON.stringify(path)}: {\n${members.join(",\n")}\n    }`;
    first = false;
  }
  yield first ? "{}" : "\n  }";
}

function* componentsChunks(model: ApiModel, components: Schema, pieces: ReadonlyMap<string, Piece>): Generator<string> {
  const texts = new Map<string, string>();
  for (const module of model.modules) for (const [name, text] of pieces.get(module.id)!.types) texts.set(name, text);
  const lines: string[] = [];
  for (const [key, member] of Object.entries(components)) {
    if (key !== "schemas") {
      lines.push(`    ${JSON.stringify(key)}: ${JSON.stringify(member, null, 2).replaceAll("\n", "\n    ")}`);
      continue;
    }
    const schemas = [
      ...model.types.map((named) => `      ${JSON.stringify(named.name)}: ${texts.get(named.name)!}`),
      ...Object.entries(member as Schema).map(([name, schema]) => `      ${JSON.stringify(name)}: ${JSON.stringify(schema, null, 2).replaceAll("\n", "\n      ")}`),
    ];
    lines.push(`    "schemas": ${schemas.length === 0 ? "{}" : `{\n${schemas.join(",\n")}\n    }`}`);
  }
  yield lines.length === 0 ? "{}" : `{\n${lines.join(",\n")}\n  }`;
}

/** Every module's piece: kept where its key is, made (and kept) where not. */
function modulePieces(model: ApiModel, folder: string): Map<string, Piece> {
  const keys = ModuleKeys.for(model);
  const places = operationServerPlaces(model);
  const types = new Map(model.types.map((named) => [named.name, named]));
  const declared = new Map<string, NamedType[]>();
  for (const named of model.types) declared.set(named.module, [...(declared.get(named.module) ?? []), named]);
  const code = generatorCode();
  const pieces = new Map<string, Piece>();
  const used = new Set<string>();
  for (const module of model.modules) {
    // Where each operation's servers go depends on the other operations of its path, in any module.
    const servers = module.operations.map((operation) => places.get(operation)?.on ?? "-").join("");
    const name = `${createHash("sha256").update(`${code}\n${keys.of("openapi", module.id)}\n${servers}`).digest("hex").slice(0, 40)}.txt`;
    used.add(name);
    let piece = readPiece(join(folder, name));
    if (piece === undefined) {
      piece = makePiece(model, module, declared.get(module.id) ?? [], types, places);
      writePiece(folder, name, piece);
    }
    pieces.set(module.id, piece);
  }
  evict(folder, used);
  return pieces;
}

function makePiece(model: ApiModel, module: ModuleModel, own: readonly NamedType[], types: ReadonlyMap<string, NamedType>, places: ReturnType<typeof operationServerPlaces>): Piece {
  return {
    operations: module.operations.map((operation) => {
      const object = operationObject(operation, types, model.auth.header, model.responses);
      if (operation.pagination) object[PAGINATION] = paginationExtension(operation.pagination, model.pagination);
      const place = places.get(operation);
      if (place?.on === "operation") object.servers = place.servers;
      return [operation.path, operation.method.toLowerCase(), JSON.stringify(object, null, 2).replaceAll("\n", "\n      ")];
    }),
    types: own.map((named) => [named.name, JSON.stringify(toSchema(named.type, types), null, 2).replaceAll("\n", "\n      ")]),
  };
}

// A piece on disk: one line of JSON saying each text's path, method or name and length, then the texts.
function readPiece(path: string): Piece | undefined {
  try {
    const text = readFileSync(path, "utf8");
    const newline = text.indexOf("\n");
    const head = JSON.parse(text.slice(0, newline)) as { operations: [string, string, number][]; types: [string, number][] };
    let at = newline + 1;
    const take = (length: number): string => text.slice(at, (at += length));
    const piece: Piece = { operations: head.operations.map(([path, method, length]) => [path, method, take(length)]), types: head.types.map(([name, length]) => [name, take(length)]) };
    return at === text.length ? piece : undefined;
  } catch {
    return undefined;
  }
}

function writePiece(folder: string, name: string, piece: Piece): void {
  const head = { operations: piece.operations.map(([path, method, text]) => [path, method, text.length]), types: piece.types.map(([type, text]) => [type, text.length]) };
  try {
    mkdirSync(folder, { recursive: true });
    const temporary = join(folder, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, `${JSON.stringify(head)}\n${piece.operations.map(([, , text]) => text).join("")}${piece.types.map(([, text]) => text).join("")}`);
    renameSync(temporary, join(folder, name));
  } catch {
    // best effort: made again next time
  }
}

/** Keeps the folder small: once it holds many more pieces than this run used, only this run's stay. */
function evict(folder: string, used: ReadonlySet<string>): void {
  try {
    const names = readdirSync(folder);
    if (names.length <= 2 * used.size + 256) return;
    for (const name of names) if (!used.has(name)) rmSync(join(folder, name), { force: true });
  } catch {
    // nothing kept yet
  }
}
