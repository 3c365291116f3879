// The catalogue folder as files: which files it holds and how paths are shown. No YAML here, so
// that a generate whose output is up to date can list the catalogue without loading the parser.
import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { ConfinedFileError, confinedPath, describeRefusal, realFolder } from "../shared/confined-files.js";
import { fileProblem } from "../shared/file-errors.js";
import { CatalogueError } from "../shared/diagnostic.js";

/**
 * The catalogue files of `dir`, sorted. A symbolic link counts as the file it leads to when that is
 * a regular file inside the folder (links resolved); one that leads outside the folder or nowhere,
 * or a folder that cannot be read, is refused with a one-line diagnostic (a CatalogueError), never
 * skipped in silence and never read (src/shared/confined-files.ts).
 */
export function listCatalogueFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw unreadable(dir, error, "catalogue folder");
  }
  const names: string[] = [];
  let folder: string | undefined;
  for (const entry of entries) {
    if (!/\.ya?ml$/.test(entry.name)) continue;
    if (entry.isFile()) names.push(entry.name);
    else if (entry.isSymbolicLink()) {
      const path = join(dir, entry.name);
      let target;
      try {
        folder ??= realFolder(dir);
        target = statSync(confinedPath(join(folder, entry.name), [folder]));
      } catch (error) {
        if (error instanceof ConfinedFileError && error.refusal.kind !== "unreadable") throw refused(path, dir, error);
        // A link that leads nowhere: its refusal carries the error's code.
        throw unreadable(path, error instanceof ConfinedFileError ? error.refusal : error, "catalogue file (a symbolic link)");
      }
      if (target.isFile()) names.push(entry.name);
    }
  }
  return names.sort();
}

/** The folder `dir` as its files may be read: its real path, the one folder they must lie in. */
export function catalogueFolders(dir: string): string[] {
  try {
    return [realFolder(dir)];
  } catch (error) {
    throw unreadable(dir, error, "catalogue folder");
  }
}

/** A catalogue file in `dir` that was not read (src/shared/confined-files.ts), said without anything it holds. */
export function refused(path: string, dir: string, error: ConfinedFileError): CatalogueError {
  const { refusal } = error;
  const folder = displayPath(resolve(dir)) || ".";
  const message = refusal.kind === "unreadable" ? `cannot read the catalogue file: ${refusal.reason}` : describeRefusal(refusal, `the catalogue folder ${folder}`);
  const hint = refusal.kind === "outside" ? `catalogen reads only files inside ${folder}: put a copy of the file there instead of the link` : undefined;
  return new CatalogueError([{ file: displayPath(path), line: 0, column: 0, length: 1, message, ...(hint && { hint }) }], new Map());
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
