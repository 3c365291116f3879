// The catalogue folder as files: which files it holds and how paths are shown. No YAML here, so
// that a generate whose output is up to date can list the catalogue without loading the parser.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileProblem } from "../shared/file-errors.js";
import { CatalogueError } from "../shared/diagnostic.js";

/**
 * The catalogue files of `dir`, sorted. A symbolic link to a file counts as that file (it is
 * followed); one that leads nowhere, or a folder that cannot be read, is refused with a one-line
 * diagnostic (a CatalogueError), never skipped in silence.
 */
export function listCatalogueFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw unreadable(dir, error, "catalogue folder");
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (!/\.ya?ml$/.test(entry.name)) continue;
    if (entry.isFile()) names.push(entry.name);
    else if (entry.isSymbolicLink()) {
      let target;
      try {
        target = statSync(join(dir, entry.name));
      } catch (error) {
        throw unreadable(join(dir, entry.name), error, "catalogue file (a symbolic link)");
      }
      if (target.isFile()) names.push(entry.name);
    }
  }
  return names.sort();
}

/** A problem with no position in a file's text: the file or folder itself. */
export function unreadable(path: string, error: unknown, what: string): CatalogueError {
  const missingFolder = what === "catalogue folder" && (error as { code?: string }).code === "ENOENT";
  const hint = missingFolder ? "run `npx catalogen init` to write a starter catalogue there, or name another folder with --catalogue DIR" : undefined;
  return new CatalogueError([{ file: displayPath(path), line: 0, column: 0, length: 1, message: `cannot read the ${what}: ${fileProblem(error)}`, ...(hint && { hint }) }], new Map());
}

/**
 * `displayPath(join(dir, name))` for the file names `name` of one folder, the folder made relative
 * once (a catalogue of 545 files asked it of each, resolving both paths each time).
 */
export function displayPathsIn(dir: string, cwd: string = process.cwd()): (name: string) => string {
  const folder = relative(cwd, dir);
  return (name) => {
    const rel = folder === "" ? name : join(folder, name);
    return rel.startsWith("..") ? join(dir, name) : rel;
  };
}

/** A path as messages show it: relative to `cwd` when it lies inside, else as given. */
export function displayPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel.startsWith("..") || rel === "" ? path : rel;
}
