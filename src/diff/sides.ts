// The two versions a diff compares, each read into an ApiModel through the same front ends as a
// generate: a catalogue folder (its YAML, or the living source it names), an OpenAPI document
// (converted in memory as a living source is: nothing written) or the catalogue at a git revision.
import { readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { ApiModel, SourceRef } from "../model/types.js";
import { displayPath } from "../load/files.js";
import { linePosition } from "../import/read.js";
import { DiffError } from "./error.js";
import { catalogueAt } from "./git.js";
import type { Position } from "./types.js";

export interface Side {
  /** As given: a folder, a document, a revision. */
  label: string;
  model: ApiModel;
  /** Where an operation of the model is declared, as messages show it. */
  at(ref: SourceRef): Position;
  /** The first place in the version's files where a key `name` is declared (the least indented such key): a named type, a module. */
  declared(name: string): Position | undefined;
  /** The first line matching `pattern` in the version's files. */
  find(pattern: RegExp): Position | undefined;
}

export type SideSpec = { kind: "path"; path: string } | { kind: "revision"; revision: string; catalogue: string };

/**
 * Reads one version. A folder is a catalogue; a file an OpenAPI document; a revision the catalogue
 * as it was then, laid out under `scratch` (the diff's temporary folder) when there is no cache
 * folder. `model`: a folder's or document's model read already (on another thread, ./parallel.ts).
 */
export async function readSide(spec: SideSpec, cwd: string, scratch: string, model?: ApiModel): Promise<Side> {
  if (spec.kind === "revision") {
    const { loadModel } = await import("../sources/index.js");
    const folder = await catalogueAt(spec.revision, resolve(cwd, spec.catalogue), scratch);
    return side(spec.revision, await loadModel(folder.dir), folder.dir, (path) => folder.shown(relative(folder.dir, path).split("\\").join("/")));
  }
  const path = resolve(cwd, spec.path);
  const dir = isFolder(path, spec.path) ? path : join(dirname(path), ".catalogen-diff");
  return side(spec.path, model ?? (await pathModel(path, cwd)), dir, (file) => displayPath(file, cwd));
}

/** The model of a catalogue folder or an OpenAPI document at `path` (absolute). */
export async function pathModel(path: string, given: string): Promise<ApiModel> {
  if (isFolder(path, given)) return (await import("../sources/index.js")).loadModel(path);
  const { documentModel } = await import("./document.js");
  return documentModel(path, join(dirname(path), ".catalogen-diff"));
}

function isFolder(path: string, given: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    throw new DiffError(`${given}: no such catalogue folder or OpenAPI document`);
  }
}

function side(label: string, model: ApiModel, dir: string, shown: (path: string) => string): Side {
  const texts = new Map<string, string>();
  const keys = new Map<string, Map<string, Position>>();
  const files = model.sources.map((name) => resolve(dir, name));
  const text = (file: string): string => {
    let found = texts.get(file);
    if (found === undefined) {
      try {
        found = readFileSync(file, "utf8");
      } catch {
        found = "";
      }
      texts.set(file, found);
    }
    return found;
  };
  return {
    label,
    model,
    at: (ref) => ({ file: shown(resolve(dir, ref.file)), line: ref.line, column: ref.column }),
    declared(name) {
      for (const file of files) {
        let index = keys.get(file);
        if (!index) keys.set(file, (index = keyIndex(text(file))));
        const found = index.get(name);
        if (found) return { ...found, file: shown(file) };
      }
      return undefined;
    },
    find(pattern) {
      for (const file of files) {
        const body = text(file);
        const match = pattern.exec(body);
        if (!match) continue;
        const { line, col } = linePosition(body, match.index);
        return { file: shown(file), line, column: col };
      }
      return undefined;
    },
  };
}

/**
 * Every key of a YAML or JSON text indented at most 8 spaces (`name:` or `"name":` starting a line:
 * a catalogue's types, a document's schemas; a property is deeper) at its least indented place.
 * One pass of one regular expression over the whole text: a document is 13 MB.
 */
function keyIndex(text: string): Map<string, Position> {
  const index = new Map<string, Position & { indent: number }>();
  let line = 1;
  let counted = 0;
  for (const match of text.matchAll(/^( {0,8})(?:- )?["']?([A-Za-z0-9_.$-]+)["']?[ \t]*:/gm)) {
    for (let i = text.indexOf("\n", counted); i !== -1 && i < match.index; i = text.indexOf("\n", i + 1)) line++;
    counted = match.index;
    const known = index.get(match[2]!);
    const indent = match[1]!.length;
    if (!known || indent < known.indent) index.set(match[2]!, { file: "", line, column: indent + 1, indent });
  }
  return index;
}
