// openapi.json after a change: the path items and named types of the modules that did not change
// are copied from the file it replaces instead of printed (printing 10,000 operations' JSON is most
// of the file's cost). Each item is named by what makes its text: its module's key (module-keys.ts),
// where its operations' servers go, its place (first or not). The layout (each item's name and byte
// range) is kept in the memo store under the hash of the file written; a file it does not describe
// is made whole. Only the layout is kept: the texts are the file's own bytes. The text is the one
// jsonText(document, 2) gives (test/incremental/openapi-pieces.test.ts). The memo and the module
// keys come with the plan's context (src/emit/targets.ts `planTarget`).
import type { ApiModel, ModuleModel, NamedType } from "../../model/types.js";
import type { KeptPieces, PlanContext } from "../define.js";
import type { KeptBytes, PreviousBytes, Spliced } from "../plan.js";
import { sha256 } from "../../shared/hash.js";
import { jsonText } from "../../shared/sinks.js";
import { documentOperation } from "./operation.js";
import { toSchema, type Schema } from "./schema.js";
import { operationServerPlaces, type ServerPlaces } from "./servers.js";

/** Each item's name and byte range `[start, end)` in the file written. */
type LayoutItems = [name: string, start: number, end: number][];

/** A path and its operations (module, index among the module's), in the order the document has them. */
type PathItem = [path: string, operations: [module: ModuleModel, index: number][]];

/**
 * `jsonText(skeleton, 2)` and a newline with the modules' path items and named types joined in,
 * those the file on disk (`previous`) holds already as byte ranges of it. Undefined where the run
 * keeps no pieces (no cache folder).
 */
export function documentParts(model: ApiModel, skeleton: Schema, previous: PreviousBytes | undefined, context: PlanContext): Spliced | undefined {
  const kept = context.pieces;
  if (kept === undefined) return undefined;
  const items = previous && kept.recall("layout", fileKey(previous.sha256, previous.size), isLayoutItems);
  const layout = new Layout(new Map((items ?? []).map(([name, start, end]) => [name, { start, end }])));
  return {
    parts: joined(layout.parts(model, skeleton, context, kept)),
    written(hash) {
      kept.remember("layout", fileKey(hash, layout.at), layout.made);
    },
  };
}

const fileKey = (sha256: string, size: number): string => `${sha256} ${size}`;
const isLayoutItems = (value: unknown): value is LayoutItems => Array.isArray(value);

/** The byte offsets of the document being made, and where the one it replaces had its items. */
class Layout {
  at = 0;
  readonly made: LayoutItems = [];

  /** `previous`: the items of the file replaced, by name. */
  constructor(private readonly previous: ReadonlyMap<string, KeptBytes>) {}

  text(text: string): string {
    this.at += Buffer.byteLength(text);
    return text;
  }

  /** The item `name`: its bytes in the file replaced when that has it, else the text `make` gives. */
  item(name: string, make: () => string): string | KeptBytes {
    const start = this.at;
    const kept = this.previous.get(name);
    if (kept !== undefined) this.at += kept.end - kept.start;
    const part = kept ?? this.text(make());
    this.made.push([name, start, this.at]);
    return part;
  }

  *parts(model: ApiModel, skeleton: Schema, context: PlanContext, kept: KeptPieces): Generator<string | KeptBytes> {
    // Top-level members are the only lines two spaces in, and `schemas` is components' first member.
    const text = `${jsonText(skeleton, 2)}\n`;
    const paths = text.indexOf('\n  "paths": {}') + '\n  "paths": '.length;
    const schemasOpen = '\n  "components": {\n    "schemas": {\n';
    const schemas = text.indexOf(schemasOpen) + schemasOpen.length;
    const pieces = new Pieces(model, kept);
    yield this.text(text.slice(0, paths));
    yield* this.pathItems(model, pieces, context);
    yield this.text(text.slice(paths + "{}".length, schemas));
    // A named type's text is its module's piece's, at its place among the module's types.
    const counts = new Map<string, number>();
    const types = model.types.map((named): [NamedType, number] => {
      const index = counts.get(named.module) ?? 0;
      counts.set(named.module, index + 1);
      return [named, index];
    });
    yield* this.runs("T", types, pieces, ([named]) => named.module, ([, index]) => `:${index}`, ([named, index], first) => `${first ? "" : ",\n"}      ${jsonText(named.name)}: ${pieces.of(named.module).types[index]}`);
    if (model.types.length > 0) yield this.text(",\n");
    yield this.text(text.slice(schemas));
  }

  private *pathItems(model: ApiModel, pieces: Pieces, context: PlanContext): Generator<string | KeptBytes> {
    // The paths are a module's facts: the operations of a module that did not change are never read.
    const paths = context.moduleFacts("openapi", (module) => module.operations.map((operation) => operation.path));
    const items = new Map<string, PathItem[1]>();
    for (const module of model.modules) paths.of(module).forEach((path, index) => items.get(path)?.push([module, index]) ?? items.set(path, [[module, index]]));
    const itemServers = new Map<string, Schema[]>();
    for (const [operation, place] of pieces.places) if (place.on === "item") itemServers.set(operation.path, place.servers);
    // A module's operations' texts are let go after its last path item: memory for a few modules at a time.
    const lastItem = new Map<string, string>();
    for (const [path, operations] of items) for (const [module] of operations) lastItem.set(module.id, path);
    // An operation's text is its module's piece's at its index (the piece's name says the path too).
    const owner = ([, operations]: PathItem): string => operations[0]![0].id;
    const detail = (item: PathItem): string => {
      const [path, operations] = item;
      const servers = itemServers.get(path);
      return `;${operations.map(([module, index]) => (module.id === owner(item) ? `${index}` : `${pieces.names.get(module.id)}:${index}`)).join(",")}${servers ? JSON.stringify(servers) : ""}`;
    };
    const text = ([path, operations]: PathItem, first: boolean): string => {
      const members = operations.map(([module, index]) => `      ${pieces.of(module.id).operations[index]}`);
      const servers = itemServers.get(path);
      if (servers) members.push(`      "servers": ${jsonText(servers, 2).replaceAll("\n", "\n      ")}`);
      return `${first ? "{\n" : ",\n"}    ${jsonText(path)}: {\n${members.join(",\n")}\n    }`;
    };
    const done = ([path, operations]: PathItem): void => {
      for (const [module] of operations) if (lastItem.get(module.id) === path) pieces.dropOperations(module.id);
    };
    yield* this.runs("P", [...items], pieces, owner, detail, text, done);
    yield this.text(items.size === 0 ? "{}" : "\n  }");
  }

  /**
   * `entries` as layout items, one for each run of consecutive entries of one module, named by
   * `tag` (lower case past the first run), that module's piece and each entry's `detail`.
   */
  private *runs<T>(tag: string, entries: readonly T[], pieces: Pieces, moduleOf: (entry: T) => string, detail: (entry: T) => string, text: (entry: T, first: boolean) => string, done?: (entry: T) => void): Generator<string | KeptBytes> {
    for (let start = 0; start < entries.length; ) {
      const module = moduleOf(entries[start]!);
      let end = start + 1;
      while (end < entries.length && moduleOf(entries[end]!) === module) end++;
      const run = entries.slice(start, end);
      const name = `${start === 0 ? tag : tag.toLowerCase()}${pieces.names.get(module)}${run.map(detail).join("")}`;
      yield this.item(name, () => run.map((entry, i) => text(entry, start === 0 && i === 0)).join(""));
      if (done) run.forEach(done);
      start = end;
    }
  }
}

/** `parts` with each run of adjacent byte ranges as one range. */
function* joined(parts: Iterable<string | KeptBytes>): Generator<string | KeptBytes> {
  let pending: KeptBytes | undefined;
  for (const part of parts) {
    if (typeof part !== "string" && pending?.end === part.start) pending = { start: pending.start, end: part.end };
    else {
      if (pending !== undefined) yield pending;
      pending = typeof part === "string" ? undefined : part;
      if (pending === undefined) yield part;
    }
  }
  if (pending !== undefined) yield pending;
}

/**
 * Every module's piece, made when first asked for: its operations' members (`"get": {...}`) and its
 * named types' texts; and its name, a hash of all they are made from.
 */
class Pieces {
  readonly places: ServerPlaces;
  private readonly types: ReadonlyMap<string, NamedType>;
  /** Each module's piece's name, by module id. */
  readonly names = new Map<string, string>();
  private readonly made = new Map<string, { operations: string[]; types: string[] }>();

  constructor(
    private readonly model: ApiModel,
    private readonly kept: KeptPieces,
  ) {
    this.places = operationServerPlaces(model);
    this.types = new Map(model.types.map((named) => [named.name, named]));
    for (const module of model.modules) {
      // Where each operation's servers go depends on the other operations of its path, in any module.
      const servers = this.places.size === 0 ? "" : module.operations.map((operation) => this.places.get(operation)?.on ?? "-").join("");
      this.names.set(module.id, sha256(`${kept.moduleKey(module.id)}\n${servers}`).slice(0, 40));
    }
  }

  of(id: string): { operations: string[]; types: string[] } {
    let piece = this.made.get(id);
    if (piece === undefined) {
      piece = {
        operations: this.model.modules.find((module) => module.id === id)!.operations.map((operation) => `${jsonText(operation.method.toLowerCase())}: ${atDepthThree(documentOperation(this.model, operation, this.types, this.places))}`),
        types: this.model.types.filter((named) => named.module === id).map((named) => atDepthThree(toSchema(named.type, this.types))),
      };
      this.kept.pieceMade();
      this.made.set(id, piece);
    }
    return piece;
  }

  /** Lets go of module `id`'s operations' texts (its last path item is out). */
  dropOperations(id: string): void {
    this.made.get(id)?.operations.splice(0);
  }
}

const DEPTH_THREE_OPEN = '{\n  "a": {\n    "a": {\n      "a": ';
const DEPTH_THREE_CLOSE = "\n    }\n  }\n}";

/**
 * `jsonText(value, 2)` with each line after the first six spaces further in (a value three levels
 * down in the document, as an operation and a named type are), printed at that depth by
 * JSON.stringify itself: no copy to indent it (at 10,000 operations 140 MB fewer allocated).
 */
function atDepthThree(value: Schema): string {
  const text = jsonText({ a: { a: { a: value } } }, 2);
  return text.slice(DEPTH_THREE_OPEN.length, text.length - DEPTH_THREE_CLOSE.length);
}
