// Reads an OpenAPI document (JSON or YAML) and the files its $refs name, and follows $refs.
// Every value is reached through a Place (file + JSON pointer), so the report and errors can
// say where it came from.
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { displayPath } from "../load/files.js";

export class ImportError extends Error {
  override name = "ImportError";
}

export interface Place {
  /** Absolute path of the file. */
  file: string;
  /** JSON pointer segments (decoded). */
  path: readonly string[];
}

interface SourceFile {
  text: string;
  data: unknown;
}

export class DocumentSet {
  private readonly files = new Map<string, SourceFile>();
  readonly root: Place;

  constructor(
    file: string,
    private readonly cwd: string = process.cwd(),
  ) {
    this.root = { file: resolve(cwd, file), path: [] };
    this.load(this.root.file, undefined);
  }

  /** The files read so far: the document, then those its $refs named (absolute paths). */
  fileNames(): string[] {
    return [...this.files.keys()];
  }

  /** The value at a place (undefined when absent). */
  get(place: Place): unknown {
    let value = this.load(place.file, undefined).data;
    for (const segment of place.path) {
      if (value === null || typeof value !== "object") return undefined;
      value = (value as Record<string, unknown>)[segment];
    }
    return value;
  }

  /** Where `$ref` (written at `from`) points; throws with the position of the ref when it cannot be followed. */
  target(ref: unknown, from: Place): Place {
    if (typeof ref !== "string") this.fail(from, "$ref must be a string");
    const hash = ref.indexOf("#");
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) this.fail(from, `$ref "${ref}" points at a URL; only local and relative-file references are read`);
    const file = filePart === "" ? from.file : resolve(dirname(from.file), decodeURIComponent(filePart));
    if (fragment !== "" && !fragment.startsWith("/")) this.fail(from, `$ref "${ref}" has a fragment that is not a JSON pointer`);
    const path = fragment === "" ? [] : fragment.slice(1).split("/").map((part) => decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"));
    this.load(file, from);
    const place = { file, path };
    if (this.get(place) === undefined) this.fail(from, `$ref "${ref}" points at nothing`);
    return place;
  }

  /** Follows `$ref` chains from a place to the object they end at. */
  deref(place: Place): { value: unknown; place: Place } {
    const seen = new Set<string>();
    let current = place;
    for (;;) {
      const value = this.get(current);
      if (!isObject(value) || !("$ref" in value)) return { value, place: current };
      const key = this.pointer(current);
      if (seen.has(key)) this.fail(place, "$ref chain loops back on itself");
      seen.add(key);
      current = this.target(value.$ref, at(current, "$ref"));
    }
  }

  /** `#/paths/~1pets/get` in the root document, `common.yaml#/...` in another. */
  pointer(place: Place): string {
    const file = place.file === this.root.file ? "" : relative(dirname(this.root.file), place.file).split("\\").join("/");
    return `${file}#${place.path.map((part) => `/${part.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")}`;
  }

  /** Throws an ImportError that names the file, line and column of a place. */
  fail(place: Place, message: string): never {
    throw new ImportError(`${this.position(place)}: error: ${message}`);
  }

  position(place: Place): string {
    const shown = displayPath(place.file, this.cwd);
    const source = this.files.get(place.file);
    if (!source) return shown;
    const counter = new LineCounter();
    const document = parseDocument(source.text, { lineCounter: counter, uniqueKeys: false });
    let node: unknown = document.contents;
    let offset = (node as Node | null)?.range?.[0] ?? 0;
    for (const segment of place.path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
        if (!pair) break;
        node = pair.value;
      } else if (isSeq(node)) {
        node = node.items[Number(segment)];
      } else break;
      offset = (node as Node | null)?.range?.[0] ?? offset;
    }
    const { line, col } = counter.linePos(offset);
    return `${shown}:${line}:${col}`;
  }

  private load(file: string, from: Place | undefined): SourceFile {
    const known = this.files.get(file);
    if (known) return known;
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      if (from) this.fail(from, `cannot read ${displayPath(file, this.cwd)}`);
      throw new ImportError(`${displayPath(file, this.cwd)}: error: cannot read the file`);
    }
    const source = { text, data: parse(text, displayPath(file, this.cwd)) };
    this.files.set(file, source);
    return source;
  }
}

function parse(text: string, shown: string): unknown {
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // fall through: YAML parsing (a superset of JSON) finds the position
    }
  }
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const error = document.errors[0];
  if (error) {
    const { line, col } = counter.linePos(error.pos[0]);
    throw new ImportError(`${shown}:${line}:${col}: error: not valid JSON or YAML: ${error.message.split("\n")[0]}`);
  }
  return document.toJS({ maxAliasCount: 1000 });
}


export function at(place: Place, ...segments: (string | number)[]): Place {
  return { file: place.file, path: [...place.path, ...segments.map(String)] };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
