// openapi.json in pieces: each module's operations and named types as the JSON text they take in
// the document, named by what they are made from (the module's key, see module-keys.ts, where each
// operation's servers go, and catalogen's own build). A regenerate makes the pieces of the modules
// that changed and copies the rest from the file it replaces, where the layout kept in the cache
// folder places them: printing 10,000 operations' JSON on every run is most of openapi.json's cost.
// The pieces themselves are not kept (they were: 545 files and 45 MB more in a cold run at 10,000
// operations, openapi.json's own bytes again, written on every cold run and read only when that
// file was not the one the layout describes): a piece the layout cannot place is made again from
// the model. The text is the one jsonText(document, 2) gives
// (test/incremental/openapi-pieces.test.ts).
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { generatorCode } from "../../reuse/code-version.js";
import { ModuleKeys } from "../../reuse/module-keys.js";
import { ModuleFacts } from "../../reuse/module-facts.js";
import type { ApiModel, ModuleModel, NamedType } from "../../model/types.js";
import type { KeptBytes, PreviousBytes, Spliced } from "../plan.js";
import { cacheDirectory, readCacheValue, writeCacheValue } from "../../shared/cache-directory.js";
import { reuseOf } from "../../reuse/report.js";
import { sha256 } from "../../shared/hash.js";
import { jsonText } from "../../shared/sinks.js";
import { operationObject } from "./operation.js";
import { toSchema, type Schema } from "./schema.js";
import { operationServerPlaces } from "./servers.js";
import { PAGINATION, paginationExtension } from "./streams-pages.js";

/** One module's share of the document: its operations (path, method, text) and its named types (name, text). */
interface Piece {
  operations: [path: string, method: string, text: string][];
  types: [name: string, text: string][];
}

/** The layout's folder, or undefined when there is no cache folder (the document is then printed whole). */
export function piecesFolder(): string | undefined {
  const base = cacheDirectory();
  return base === undefined ? undefined : join(base, "openapi-pieces");
}

/**
 * `jsonText(skeleton, 2)` and a newline in chunks, `skeleton` being the document without its paths'
 * and named types' schemas (an empty `paths`, `components.schemas` with only what follows the named
 * types), those joined from the modules' pieces.
 */
export function* documentChunks(model: ApiModel, skeleton: Schema, folder: string): Generator<string> {
  // No layout is kept for this text (a layout kept before describes another file: its hash tells).
  for (const part of documentParts(model, skeleton, folder, undefined).parts) if (typeof part === "string") yield part;
}

/**
 * `documentChunks`, where a path item or named type whose text the file on disk (`previous`) holds
 * already is given as its byte range there instead (adjacent ranges joined): a change in one
 * module then makes and joins only that module's piece, and the writer copies the rest from the
 * file it replaces. Where each item went is kept with the hash of the bytes written (`written`),
 * for the next run. An item's text is kept by what makes it: its path, its place (first or not),
 * its operations' pieces (whose names are the hashes of what they are made from) and its servers.
 */
export function documentParts(model: ApiModel, skeleton: Schema, folder: string, previous: PreviousBytes | undefined): Spliced {
  const record = readLayout(folder);
  const pieces = new Pieces(model);
  const layout = new Layout(previous !== undefined && record !== undefined && record.sha256 === previous.sha256 && record.size === previous.size ? record : undefined);
  return {
    parts: joined(
      (function* (): Generator<string | KeptBytes> {
        let first = true;
        for (const [key, member] of Object.entries(skeleton)) {
          if (member === undefined) continue;
          yield layout.text(`${first ? "{\n" : ",\n"}  ${jsonText(key)}: `);
          first = false;
          if (key === "paths") {
            yield* pathsChunks(model, pieces, layout);
            pieces.savePaths();
          }
          else if (key === "components") yield* componentsChunks(model, member as Schema, pieces, layout);
          else yield layout.text(jsonText(member, 2).replaceAll("\n", "\n  "));
        }
        yield layout.text(first ? "{}\n" : "\n}\n");
      })(),
    ),
    written(hash) {
      // Pieces kept as files by earlier versions: removed once (a layout saying none are left skips this).
      if (record?.pieceFiles !== 0) removePieceFiles(folder);
      layout.save(folder, hash, pieces.allNames());
    },
  };
}

/** `parts` with each run of adjacent byte ranges as one range. */
function* joined(parts: Iterable<string | KeptBytes>): Generator<string | KeptBytes> {
  let pending: KeptBytes | undefined;
  for (const part of parts) {
    if (typeof part !== "string" && pending !== undefined && pending.end === part.start) pending = { start: pending.start, end: part.end };
    else {
      if (pending !== undefined) yield pending;
      pending = undefined;
      if (typeof part === "string") yield part;
      else pending = part;
    }
  }
  if (pending !== undefined) yield pending;
}

/**
 * Where the texts of the path items and of the named types are in openapi.json (key, start, end),
 * with the file's hash and size.
 */
interface LayoutRecord {
  sha256: string;
  size: number;
  items: [key: string, start: number, end: number][];
  /** 0 once the folder holds no piece files (earlier versions kept each module's piece as a file there). */
  pieceFiles?: number;
  /** Names of pieces, among them every one the items' keys name: an item naming another piece is not among the items. */
  pieces?: string[];
}

const LAYOUT = "layout.json";

function readLayout(folder: string): LayoutRecord | undefined {
  try {
    const record = readCacheValue(join(folder, LAYOUT)) as LayoutRecord;
    return typeof record.sha256 === "string" && Number.isInteger(record.size) && Array.isArray(record.items) ? record : undefined;
  } catch {
    return undefined;
  }
}

/** How far past the item after the last one found `Layout.find` looks before it looks every item up. */
const LOOK_AHEAD = 64;

/** The byte offsets of the document being made, and where the one it replaces had its items. */
class Layout {
  private at = 0;
  private readonly made: LayoutRecord["items"] = [];
  /** The previous item after the last one found: most items are found there, without a lookup. */
  private next = 0;
  private places: Map<string, number> | undefined;
  private readonly previous: LayoutRecord["items"] | undefined;
  private readonly previousPieces: ReadonlySet<string> | undefined;

  constructor(previous: LayoutRecord | undefined) {
    this.previous = previous?.items;
    this.previousPieces = previous?.pieces && new Set(previous.pieces);
  }

  text(text: string): string {
    this.at += Buffer.byteLength(text);
    return text;
  }

  /** Whether the previous layout may have an item of piece `name` (every item's key names its pieces). */
  knows(name: string): boolean {
    return this.previousPieces === undefined || this.previousPieces.has(name);
  }

  /**
   * The item `key`: its bytes in the file replaced when that has it, else the texts `make` gives.
   * `known`: false when the key names a piece the previous layout does not know (a changed
   * module's), so that it cannot be there: no lookup.
   */
  item(key: string, known: boolean, make: () => string): string | KeptBytes {
    const start = this.at;
    const kept = known ? this.find(key) : undefined;
    let part: string | KeptBytes;
    if (kept !== undefined) {
      this.at += kept.end - kept.start;
      part = kept;
    } else part = this.text(make());
    this.made.push([key, start, this.at]);
    return part;
  }

  /** Item `key` of the previous layout (keys are unique: a path or a type name each). */
  private find(key: string): KeptBytes | undefined {
    const items = this.previous;
    if (items === undefined) return undefined;
    let at = this.next;
    if (items[at]?.[0] !== key) {
      // A changed module's items are replaced by as many or a few more: look a little ahead first.
      at = -1;
      for (let ahead = this.next + 1; ahead < Math.min(items.length, this.next + LOOK_AHEAD); ahead++) {
        if (items[ahead]![0] === key) {
          at = ahead;
          break;
        }
      }
      if (at === -1) {
        this.places ??= new Map(items.map(([itemKey], index) => [itemKey, index]));
        at = this.places.get(key) ?? -1;
        if (at === -1) return undefined;
      }
    }
    this.next = at + 1;
    const [, start, end] = items[at]!;
    return { start, end };
  }

  /** Keeps the layout made, with the names of the pieces its items may name (this run's: `pieces`). */
  save(folder: string, hash: string, pieces: string[]): void {
    try {
      writeCacheValue(join(folder, LAYOUT), { sha256: hash, size: this.at, items: this.made, pieceFiles: 0, pieces } satisfies LayoutRecord);
    } catch {
      // best effort: the next run joins every piece
    }
  }
}

function* pathsChunks(model: ApiModel, pieces: Pieces, layout: Layout): Generator<string | KeptBytes> {
  // Each path item's operations (module, index), in the order the whole document has them.
  const items = new Map<string, [module: string, index: number][]>();
  for (const module of model.modules) {
    pieces.pathsOf(module).forEach((path, index) => {
      const item = items.get(path);
      if (item) item.push([module.id, index]);
      else items.set(path, [[module.id, index]]);
    });
  }
  const lastItem = new Map<string, number>();
  [...items.values()].forEach((operations, at) => operations.forEach(([module]) => lastItem.set(module, at)));
  const itemServers = new Map<string, Schema[]>();
  for (const [operation, place] of operationServerPlaces(model)) if (place.on === "item") itemServers.set(operation.path, place.servers);
  // Items are laid out in runs: consecutive items whose operations are all one module's, without
  // servers of their own (most of a large API: one run per module), each one layout item whose
  // key is the module's piece and its operations' places. A piece's name is the hash of all its
  // module's operations are made from (their paths too), so the key says the run's text: an
  // unchanged module's run is one range of the old file, found with one lookup. Any other item is
  // a layout item of its own, keyed by its path, its operations' pieces and places, its servers.
  let at = 0;
  let run: { module: string; places: string; items: [path: string, operations: [module: string, index: number][]][]; first: boolean } | undefined;
  const text = (path: string, operations: readonly [string, number][], first: boolean, servers: Schema[] | undefined): string => {
    const members = operations.map(([module, index]) => {
      const [, method, text] = pieces.of(module).operations[index]!;
      return `      ${jsonText(method)}: ${text}`;
    });
    if (servers) members.push(`      "servers": ${jsonText(servers, 2).replaceAll("\n", "\n      ")}`);
    return `${first ? "{\n" : ",\n"}    ${jsonText(path)}: {\n${members.join(",\n")}\n    }`;
  };
  // A module's operations are let go once its last path item is out: memory for one module at a time.
  const done = (operations: readonly [string, number][], item: number): void => {
    for (const [module] of operations) if (lastItem.get(module) === item) pieces.dropOperations(module);
  };
  function* endRun(): Generator<string | KeptBytes> {
    if (run === undefined) return;
    const { module, places, items: runItems, first } = run;
    run = undefined;
    const name = pieces.nameOf(module);
    yield layout.item(`${first ? "R" : "r"}\u0000${name}\u0000${places}`, layout.knows(name), () => runItems.map(([path, operations], i) => text(path, operations, first && i === 0, undefined)).join(""));
    const last = at - 1;
    for (const [i, [, operations]] of runItems.entries()) done(operations, last - (runItems.length - 1 - i));
  }
  for (const [path, operations] of items) {
    const servers = itemServers.get(path);
    const module = operations[0]![0];
    if (servers === undefined && operations.every(([other]) => other === module)) {
      if (run !== undefined && run.module !== module) yield* endRun();
      const places = operations.map(([, index]) => index).join(",");
      if (run === undefined) run = { module, places, items: [[path, operations]], first: at === 0 };
      else {
        run.places += `;${places}`;
        run.items.push([path, operations]);
      }
      at++;
      continue;
    }
    yield* endRun();
    // The path (as JSON: no NUL in it), then each operation's piece and place, then the item's servers.
    let key = `${at === 0 ? "P" : "p"}${JSON.stringify(path)}`;
    let known = true;
    for (const [module, index] of operations) {
      const name = pieces.nameOf(module);
      known &&= layout.knows(name);
      key += `\u0000${name}:${index}`;
    }
    if (servers) key += `\u0000${JSON.stringify(servers)}`;
    const first = at === 0;
    yield layout.item(key, known, () => text(path, operations, first, servers));
    done(operations, at);
    at++;
  }
  yield* endRun();
  yield layout.text(at === 0 ? "{}" : "\n  }");
}

function* componentsChunks(model: ApiModel, components: Schema, pieces: Pieces, layout: Layout): Generator<string | KeptBytes> {
  // Where each named type's text is: its module's piece, at its place among the module's own types.
  const places = new Map<string, [module: string, index: number]>();
  const counts = new Map<string, number>();
  for (const named of model.types) {
    const index = counts.get(named.module) ?? 0;
    counts.set(named.module, index + 1);
    places.set(named.name, [named.module, index]);
  }
  const entries = Object.entries(components);
  if (entries.length === 0) return yield layout.text("{}");
  for (const [n, [key, member]] of entries.entries()) {
    const open = n === 0 ? "{\n" : ",\n";
    if (key !== "schemas") {
      yield layout.text(`${open}    ${jsonText(key)}: ${jsonText(member, 2).replaceAll("\n", "\n    ")}`);
      continue;
    }
    const others = Object.entries(member as Schema);
    if (model.types.length + others.length === 0) {
      yield layout.text(`${open}    "schemas": {}`);
      continue;
    }
    yield layout.text(`${open}    "schemas": {\n`);
    // In runs, as the path items: consecutive named types of one module are one layout item, keyed
    // by the module's piece, the first one's place among its types and how many (a piece's name
    // is the hash of all its types are made from, their names too).
    for (let i = 0; i < model.types.length; ) {
      const [module, index] = places.get(model.types[i]!.name)!;
      let count = 1;
      while (i + count < model.types.length && places.get(model.types[i + count]!.name)![0] === module) count++;
      const name = pieces.nameOf(module);
      const first = i === 0;
      const run = model.types.slice(i, i + count);
      yield layout.item(`${first ? "T" : "t"}\u0000${name}\u0000${index}+${count}`, layout.knows(name), () =>
        run.map((named, j) => `${first && j === 0 ? "" : ",\n"}      ${jsonText(named.name)}: ${pieces.of(module).types[index + j]![1]}`).join(""),
      );
      i += count;
    }
    for (const [i, [name, schema]] of others.entries()) yield layout.text(`${i === 0 && model.types.length === 0 ? "" : ",\n"}      ${jsonText(name)}: ${jsonText(schema, 2).replaceAll("\n", "\n      ")}`);
    yield layout.text("\n    }");
  }
  yield layout.text("\n  }");
}

/** Every module's piece, made when first asked for. */
class Pieces {
  private readonly keys: ModuleKeys;
  private readonly places: ReturnType<typeof operationServerPlaces>;
  private readonly types: ReadonlyMap<string, NamedType>;
  private readonly declared = new Map<string, NamedType[]>();
  private readonly modules: ReadonlyMap<string, ModuleModel>;
  private readonly names = new Map<string, string>();
  private readonly loaded = new Map<string, Piece>();
  private readonly paths: ModuleFacts<string[]> | undefined;

  constructor(private readonly model: ApiModel) {
    this.keys = ModuleKeys.for(model);
    this.places = operationServerPlaces(model);
    this.types = new Map(model.types.map((named) => [named.name, named]));
    for (const named of model.types) this.declared.set(named.module, [...(this.declared.get(named.module) ?? []), named]);
    this.modules = new Map(model.modules.map((module) => [module.id, module]));
    // Each module's operations' paths, kept by its key where the run knows its module keys: the
    // operations of a module that did not change are then never read (src/reuse/module-facts.ts).
    this.paths = ModuleFacts.for(model, "openapi", (module) => module.operations.map((operation) => operation.path));
    const code = generatorCode();
    for (const module of model.modules) {
      // Where each operation's servers go depends on the other operations of its path, in any module.
      const servers = this.places.size === 0 ? "-".repeat(this.pathsOf(module).length) : module.operations.map((operation) => this.places.get(operation)?.on ?? "-").join("");
      this.names.set(module.id, `${sha256(`${code}\n${this.keys.of("openapi", module.id)}\n${servers}`).slice(0, 40)}.txt`);
    }
  }

  of(id: string): Piece {
    let piece = this.loaded.get(id);
    if (piece === undefined) {
      piece = makePiece(this.model, this.modules.get(id)!, this.declared.get(id) ?? [], this.types, this.places);
      reuseOf(this.model).piecesMade++;
      this.loaded.set(id, piece);
    }
    return piece;
  }

  /** The paths of the module's operations, in order. */
  pathsOf(module: ModuleModel): string[] {
    return this.paths === undefined ? module.operations.map((operation) => operation.path) : this.paths.of(module);
  }

  /** Keeps the paths worked out in this run (once every module's were asked). */
  savePaths(): void {
    this.paths?.save(false);
  }

  /** Every module's piece name (those the layout's items may name). */
  allNames(): string[] {
    return [...this.names.values()];
  }

  /** The name of module `id`'s piece. */
  nameOf(id: string): string {
    return this.names.get(id)!;
  }

  dropOperations(id: string): void {
    const piece = this.loaded.get(id);
    if (piece) piece.operations = [];
  }
}

/** Removes what the folder holds besides the layout and the writes under way (best effort). */
function removePieceFiles(folder: string): void {
  try {
    for (const name of readdirSync(folder)) if (name !== LAYOUT && !name.endsWith(".tmp")) rmSync(join(folder, name), { force: true });
  } catch {
    // no folder yet, or not readable: nothing to remove here
  }
}

function makePiece(model: ApiModel, module: ModuleModel, own: readonly NamedType[], types: ReadonlyMap<string, NamedType>, places: ReturnType<typeof operationServerPlaces>): Piece {
  return {
    operations: module.operations.map((operation) => {
      const object = operationObject(operation, types, model.auth.header, model.responses);
      if (operation.pagination) object[PAGINATION] = paginationExtension(operation.pagination, model.pagination);
      const place = places.get(operation);
      if (place?.on === "operation") object.servers = place.servers;
      return [operation.path, operation.method.toLowerCase(), atDepthThree(object)];
    }),
    types: own.map((named) => [named.name, atDepthThree(toSchema(named.type, types))]),
  };
}

const DEPTH_THREE_OPEN = '{\n  "a": {\n    "a": {\n      "a": ';
const DEPTH_THREE_CLOSE = "\n    }\n  }\n}";

/**
 * `jsonText(value, 2)` with each line after the first six spaces further in (a value
 * three levels down in the document, as an operation and a named type are), printed at that depth
 * by JSON.stringify itself: the same text, without the copy that replacing each newline made (at
 * 10,000 operations 140 MB allocated, a third of making the pieces).
 */
function atDepthThree(value: Schema): string {
  const text = jsonText({ a: { a: { a: value } } }, 2);
  return text.slice(DEPTH_THREE_OPEN.length, text.length - DEPTH_THREE_CLOSE.length);
}
