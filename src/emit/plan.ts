// A target's output as planned files: paths known up front, each text made when asked for.
import type { ApiModel } from "../model/types.js";
import { jsonText } from "../shared/sinks.js";
import type { PreviousBytes, Spliced } from "../write/types.js";

export type { KeptBytes, PreviousBytes, Spliced } from "../write/types.js";

/**
 * One file a target will write, its text made only when asked for: a generate keeps a module's
 * file without making it when nothing it is made from changed (see pipeline.ts).
 */
export interface PlannedFile {
  path: string;
  /**
   * The module the file is made from (with the named types it reaches and the API-level parts);
   * undefined for a file that joins the modules or does not depend on the catalogue, which is
   * made on every run.
   */
  module?: string;
  /** What else the file depends on beyond its module (e.g. anchors on other pages), as text. */
  also?: string;
  content: () => string;
  /**
   * For a file joining the modules (no `module`) of catalogen's own targets: a hash of everything it
   * is made from (PlanContext.moduleFacts' `joinedFrom`), where the run keeps per-module facts. A
   * generate keeps the file without making it while the manifest says it was made from the same.
   * Ignored on a plugin's file.
   */
  joinedFrom?: () => string;
  /**
   * The same text as `content()`, in pieces, for a file too large to hold whole (openapi.json):
   * the writer hashes and writes it piece by piece.
   */
  chunks?: () => Iterable<string>;
  /**
   * The same text again, for a writer that can copy from the file this one replaces: given that
   * file's hash and size when it is intact, some parts may be byte ranges of it (openapi.json after
   * a change in one module: the other modules' texts are where they were). Without `previous`,
   * only text. Undefined: write `chunks()` instead.
   */
  spliced?: (previous: PreviousBytes | undefined) => Spliced | undefined;
}


/** A target's files in the order they are made; each file's text is dropped once written. */
export type Planner = (model: ApiModel) => Iterable<PlannedFile>;

/** The files of `plan` made now, in plan order: what an `Emitter` returns. */
export function madeFiles(plan: Iterable<PlannedFile>): { path: string; content: string }[] {
  return [...plan].map((file) => ({ path: file.path, content: file.content() }));
}

/** Files made already (templates, a producer of several modules' files at once), as planned files. */
export function plannedFrom(files: Iterable<{ path: string; content: string }>, moduleOf: (path: string) => string | undefined = () => undefined, joinedFrom?: () => string): PlannedFile[] {
  // `file.content` is read only when the file is made: a file may make its text when first read (lazyFile).
  return [...files].map((file) => {
    const module = moduleOf(file.path);
    return { path: file.path, ...(module === undefined ? joinedFrom && { joinedFrom } : { module }), content: () => file.content };
  });
}

/** `moduleOf` for files named `<folder>/<module id>.<ext>`, given the folders holding one file per module. */
export function perModuleFolders(model: ApiModel, folders: readonly string[]): (path: string) => string | undefined {
  const ids = new Set(model.modules.map((module) => module.id));
  return (path) => {
    const slash = path.lastIndexOf("/");
    const dot = path.lastIndexOf(".");
    if (slash === -1 || dot < slash || !folders.includes(path.slice(0, slash))) return undefined;
    const id = path.slice(slash + 1, dot);
    return ids.has(id) ? id : undefined;
  };
}

/** The content of `file`, which must be at `path` (a plan names its files before making them). */
export function contentAt(path: string, file: { path: string; content: string }): string {
  if (file.path !== path) throw new Error(`planned ${path}, made ${file.path}`);
  return file.content;
}

/**
 * `jsonText(value, 2)` in pieces: the members of the top-level object, and of the
 * objects named in `split` within it, one at a time; the rest as jsonText prints it.
 */
export function* jsonChunks(value: Record<string, unknown>, split: readonly string[]): Generator<string> {
  yield* objectChunks(value, "", split);
}

function* objectChunks(value: Record<string, unknown>, indent: string, split: readonly string[]): Generator<string> {
  const inner = `${indent}  `;
  let first = true;
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    yield `${first ? "{\n" : ",\n"}${inner}${jsonText(key)}: `;
    first = false;
    if (split.includes(key) && typeof member === "object" && member !== null && !Array.isArray(member) && !("toJSON" in member)) {
      yield* objectChunks(member as Record<string, unknown>, inner, []);
    } else {
      // JSON text holds no raw line break (strings escape theirs), so indenting after each is safe.
      yield jsonText(member, 2).replaceAll("\n", `\n${inner}`);
    }
  }
  yield first ? "{}" : `\n${indent}}`;
}
