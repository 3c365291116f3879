// Reads an OpenAPI document (JSON or YAML) and the files its $refs name, and follows $refs.
// Every value is reached through a Place (file + JSON pointer), so the report and errors can
// say where it came from. A `$ref` reaches only regular files inside the document's folder (after
// symbolic links are resolved) or a folder the user allows; see docs/import-safety.md.
import { realpathSync, statSync } from "node:fs";
import { ConfinedFileError, confinedPath, describeRefusal, mebibytes, readRegularFile, realFolder } from "../shared/confined-files.js";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { isMap, isPair, isScalar, isSeq, LineCounter, type Node } from "yaml";
import { parseYamlDocument } from "../shared/yaml-parse.js";
import { displayPath } from "../load/files.js";
import { PositionedTexts } from "./positioned.js";
import { fileProblem } from "../shared/file-errors.js";
import { yamlStructureProblems } from "../shared/yaml-structure.js";
import { MAX_ALIAS_NODES, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_NESTING, MAX_IMPORT_BYTES } from "./bounds.js";

export class ImportError extends Error {
  override name = "ImportError";
}

export interface Place {
  /** Absolute path of the file (symbolic links resolved). */
  file: string;
  /** JSON pointer segments (decoded). */
  path: readonly string[];
}

interface SourceFile {
  text: string;
  data: unknown;
}

export interface ReadOptions {
  /** For messages: paths are shown relative to it; relative paths are resolved from it. */
  cwd?: string;
  /** Folders besides the document's own that `$ref`s may reach. */
  allowRefDirs?: readonly string[];
  /** The folder the document itself must lie in, after links (a living source's project folder). */
  documentInside?: string;
}

export class DocumentSet {
  private readonly files = new Map<string, SourceFile>();
  private readonly withPositions = new PositionedTexts({ uniqueKeys: false });
  private readonly cwd: string;
  /** The document's folder, symbolic links resolved, then the allowed ones. */
  private readonly folders: string[];
  /** The document as the user named it: its folder shows the files in messages. */
  private readonly shownRoot: string;
  private bytes = 0;
  /** Where each `$ref` text of each file led (the same text in the same file leads to the same place). */
  private readonly targets = new Map<string, Place>();
  readonly root: Place;

  constructor(
    file: string,
    options: ReadOptions = {},
    /** The root document converted from another form (Swagger 2.0), and where its places were in the text. */
    converted?: { data: unknown; sourcePlace: (path: readonly string[]) => string[] },
  ) {
    this.cwd = options.cwd ?? process.cwd();
    this.shownRoot = resolve(this.cwd, file);
    let real: string;
    try {
      real = options.documentInside === undefined ? realpathSync(this.shownRoot) : confinedPath(this.shownRoot, [realFolder(options.documentInside)]);
    } catch (error) {
      const shown = displayPath(this.shownRoot, this.cwd);
      if (error instanceof ConfinedFileError) throw new ImportError(`${shown}: error: ${describeRefusal(error.refusal, displayPath(options.documentInside!, this.cwd) || ".")}`);
      throw new ImportError(`${shown}: error: cannot read the document: ${fileProblem(error)}`);
    }
    this.root = { file: real, path: [] };
    this.folders = [dirname(real)];
    for (const dir of options.allowRefDirs ?? []) {
      try {
        const folder = realpathSync(resolve(this.cwd, dir));
        if (!statSync(folder).isDirectory()) throw Object.assign(new Error(), { code: "ENOTDIR" });
        this.folders.push(folder);
      } catch (error) {
        throw new ImportError(`${dir}: error: cannot allow $refs into this folder: ${fileProblem(error)}`);
      }
    }
    const source = this.load(real, undefined);
    if (converted) {
      this.files.set(real, { ...source, data: converted.data });
      this.sourcePlace = converted.sourcePlace;
    }
  }

  private readonly sourcePlace: ((path: readonly string[]) => string[]) | undefined;

  /** The files read so far: the document, then those its $refs named (absolute paths). */
  fileNames(): string[] {
    return [...this.files.keys()];
  }

  /** The text of a file read so far (the document, or one its $refs named), as it was read. */
  text(file: string): string | undefined {
    return this.files.get(file)?.text;
  }

  /**
   * The value at a place (undefined when absent). Own properties only: `#/components/schemas/__proto__`
   * or `.../constructor` names nothing, not Object.prototype or its members.
   */
  get(place: Place): unknown {
    let value = this.load(place.file, undefined).data;
    for (const segment of place.path) {
      if (value === null || typeof value !== "object" || !Object.hasOwn(value, segment)) return undefined;
      value = (value as Record<string, unknown>)[segment];
    }
    return value;
  }

  /** Where `$ref` (written at `from`) points; throws with the position of the ref when it cannot be followed. */
  target(ref: unknown, from: Place): Place {
    if (typeof ref !== "string") this.fail(from, "$ref must be a string");
    const key = `${from.file}\n${ref}`;
    const known = this.targets.get(key);
    if (known) return known;
    const hash = ref.indexOf("#");
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);
    const named = `$ref ${JSON.stringify(ref)}`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart) || filePart.startsWith("//")) {
      this.fail(from, `${named} points at a URL; catalogen reads no URLs`, "download the file into the document's folder and refer to it by a relative path");
    }
    if (fragment !== "" && !fragment.startsWith("/")) this.fail(from, `${named} has a fragment that is not a JSON pointer`, "write the fragment as a JSON pointer: #/components/schemas/Name");
    const decode = (text: string): string => {
      try {
        return decodeURIComponent(text);
      } catch {
        return this.fail(from, `${named} has a broken percent-escape`, "write % as %25");
      }
    };
    const file = filePart === "" ? from.file : this.confined(decode(filePart), named, from);
    const path = fragment === "" ? [] : fragment.slice(1).split("/").map((part) => decode(part).replace(/~1/g, "/").replace(/~0/g, "~"));
    this.load(file, from, named);
    const place = { file, path };
    if (this.get(place) === undefined) this.fail(from, `${named} points at nothing`);
    this.targets.set(key, place);
    return place;
  }

  /**
   * The real path of a file a `$ref` names, when it lies inside an allowed folder; else a
   * positioned error that names the reference (and never what the target holds).
   */
  private confined(path: string, named: string, from: Place): string {
    const inside = this.folders.map((folder) => this.shown(folder)).join(", ");
    const hint = `keep referenced files inside ${inside}, or allow their folder with --allow-ref-dir DIR`;
    if (isAbsolute(path) || /^[A-Za-z]:/.test(path) || path.startsWith("\\")) {
      this.fail(from, `${named} is an absolute path; catalogen follows only relative references inside the document's folder`, hint);
    }
    try {
      return confinedPath(resolve(dirname(from.file), path), this.folders);
    } catch (error) {
      if (!(error instanceof ConfinedFileError)) throw error;
      const { refusal } = error;
      if (refusal.kind === "outside") return this.fail(from, `${named} ${describeRefusal(refusal, "the document's folder")}`, hint);
      return this.fail(from, `${named} cannot be read: ${refusal.kind === "unreadable" ? refusal.reason : describeRefusal(refusal)}`);
    }
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

  /** Throws an ImportError that names the file, line and column of a place, what is wrong and, when known, how to fix it. */
  fail(place: Place, message: string, hint?: string): never {
    throw new ImportError(`${this.position(place)}: error: ${message}${hint === undefined ? "" : `\n  hint: ${hint}`}`);
  }

  /** A file as messages show it: through the folder the user named, relative to the working directory. */
  shown(file: string): string {
    const inRoot = relative(dirname(this.root.file), file);
    const logical = inRoot.startsWith("..") || isAbsolute(inRoot) ? file : join(dirname(this.shownRoot), inRoot);
    return displayPath(logical, this.cwd);
  }

  /** `file:line:col` of the value at `place`; with `within`, of that offset of its text (a literal block scalar's exactly, else where the value starts). */
  position(place: Place, within?: number): string {
    const shown = this.shown(place.file);
    const source = this.files.get(place.file);
    if (!source) return shown;
    const { document, counter } = this.withPositions.get(place.file, source.text);
    let node: unknown = document.contents;
    let offset = (node as Node | null)?.range?.[0] ?? 0;
    const path = this.sourcePlace && place.file === this.root.file ? this.sourcePlace(place.path) : place.path;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
        if (!pair) break;
        node = pair.value;
      } else if (isSeq(node)) {
        node = node.items[Number(segment)];
      } else break;
      offset = (node as Node | null)?.range?.[0] ?? offset;
    }
    if (within !== undefined && isScalar(node) && node.type === "BLOCK_LITERAL" && typeof node.value === "string") {
      const inText = linePosition(node.value, within);
      const header = source.text.indexOf("\n", offset);
      const first = source.text.slice(header + 1).match(/^(?:[ \t]*\r?\n)*( *)/);
      if (header >= 0 && first) return `${shown}:${counter.linePos(header + 1).line + inText.line - 1}:${first[1]!.length + inText.col}`;
    }
    if (within !== undefined && isScalar(node) && node.type === "QUOTE_DOUBLE" && node.range) {
      const at = quotedOffset(source.text.slice(node.range[0], node.range[1]), within);
      if (at !== undefined) offset = node.range[0] + at;
    }
    const { line, col } = counter.linePos(offset);
    return `${shown}:${line}:${col}`;
  }

  private load(file: string, from: Place | undefined, named = "$ref"): SourceFile {
    const known = this.files.get(file);
    if (known) return known;
    const shown = this.shown(file);
    const problem = (message: string, hint?: string): never => {
      if (from) this.fail(from, `${named} (${shown}): ${message}`, hint);
      throw new ImportError(`${shown}: error: ${message}${hint === undefined ? "" : `\n  hint: ${hint}`}`);
    };
    let text: string;
    try {
      text = readRegularFile(file, MAX_DOCUMENT_BYTES).toString("utf8");
    } catch (error) {
      if (!(error instanceof ConfinedFileError)) throw error;
      return problem(describeRefusal(error.refusal), error.refusal.kind === "too-large" ? "split the document into files joined by $ref" : undefined);
    }
    this.bytes += text.length;
    if (this.bytes > MAX_IMPORT_BYTES) problem(`with this file the import reads more than ${mebibytes(MAX_IMPORT_BYTES)}`, "an OpenAPI document describes an API; it does not hold its data");
    const source = { text, data: parse(text, shown) };
    this.files.set(file, source);
    return source;
  }
}

function parse(text: string, shown: string): unknown {
  if (/^\s*[{[]/.test(text)) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      // fall through: YAML parsing (a superset of JSON) finds the position
    }
    if (data !== undefined) {
      const deep = jsonTooDeep(text, MAX_DOCUMENT_NESTING);
      if (deep !== undefined) {
        const { line, col } = linePosition(text, deep);
        throw new ImportError(`${shown}:${line}:${col}: error: ${tooDeepMessage}\n  hint: ${tooDeepHint}`);
      }
      return data;
    }
  }
  const counter = new LineCounter();
  const document = parseYamlDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const error = document.errors[0];
  const fail = (offset: number, message: string, hint?: string): never => {
    const { line, col } = counter.linePos(offset);
    throw new ImportError(`${shown}:${line}:${col}: error: ${message}${hint === undefined ? "" : `\n  hint: ${hint}`}`);
  };
  if (error) {
    // The parser recurses: it reports nesting it cannot follow as a stack overflow, at its place.
    if (/Maximum call stack size exceeded/.test(error.message)) fail(error.pos[0], tooDeepMessage, tooDeepHint);
    fail(error.pos[0], `not valid JSON or YAML: ${error.message.split("\n")[0]}`);
  }
  const [problem] = yamlStructureProblems(document, { aliasNodes: MAX_ALIAS_NODES, nesting: MAX_DOCUMENT_NESTING });
  if (problem) {
    const offset = problem.node.range?.[0] ?? 0;
    const texts: Record<typeof problem.kind, [string, string]> = {
      alias: ["this alias names no anchor before it", "declare the anchor (&name) on an earlier value, or write the value out"],
      circular: ["this alias lies inside the value it names, which would make that value contain itself", "write the value out, or use a $ref"],
      bomb: [`aliases in this file expand to more than ${MAX_ALIAS_NODES.toLocaleString("en")} values (a "billion laughs" document?)`, "write the repeated parts once under components and refer to them with $ref"],
      key: ["a key must be plain text", "write the key as a plain word or a quoted string"],
      depth: [tooDeepMessage, tooDeepHint],
    };
    fail(offset, ...texts[problem.kind]);
  }
  try {
    return document.toJS({ maxAliasCount: -1 });
  } catch (error) {
    // The structure check above finds what toJS refuses; this is the last line of defence.
    return fail(0, `the document cannot be read as data: ${(error as Error).message.split("\n")[0]}`);
  }
}

const tooDeepMessage = `the document nests objects and arrays more than ${MAX_DOCUMENT_NESTING} levels deep`;
const tooDeepHint = "declare the inner schemas under components/schemas and refer to them with $ref";

/** The offset of the first `{` or `[` deeper than `max` in JSON text (valid JSON: strings are the only escapes). */
function jsonTooDeep(text: string, max: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

/**
 * Where the character at `within` of a double-quoted string's value stands in its source (`"..."`,
 * JSON's or YAML's on one line): each escape is one character of the value. Undefined for a string
 * over several lines (folded) or when `within` is past its end.
 */
function quotedOffset(quoted: string, within: number): number | undefined {
  if (/[\r\n]/.test(quoted)) return undefined;
  let index = 0;
  for (let at = 1; at < quoted.length - 1; at++) {
    if (index === within) return at;
    if (quoted[at] === "\\") at += quoted[at + 1] === "u" ? 5 : quoted[at + 1] === "x" ? 3 : quoted[at + 1] === "U" ? 9 : 1;
    index++;
  }
  return index === within ? quoted.length - 1 : undefined;
}

/** The 1-based line and column of `offset` in `text`. */
export function linePosition(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: offset - start + 1 };
}

export function at(place: Place, ...segments: (string | number)[]): Place {
  return { file: place.file, path: [...place.path, ...segments.map(String)] };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A text of the document as the catalogue holds it (a dialect's escaping undone: catalogen's own
 * export, src/import/dialect.ts); undefined when it is not a string or is blank.
 */
export function documentText(value: unknown, dialect: { text(description: string): string } | undefined): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const text = dialect ? dialect.text(value) : value;
  return text.trim() === "" ? undefined : text;
}
