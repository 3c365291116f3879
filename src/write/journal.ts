// The commit journal: before apply.ts renames the first staged file into place it writes, beside
// the manifest, the list of renames and removals that make up the commit (the last rename puts the
// final manifest in place). It is removed once the commit is done. A run killed in between leaves
// it behind: the next generate finishes the commit from it (`finishCommit`) before it looks at
// anything else, and `generate --check` reports the folder as not up to date while it is there.
// The journal is read as hostile input: it may only name catalogen's own staging files and files
// the manifest lists, so a tampered one cannot make catalogen touch a user's file.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { MANIFEST_NAME, parseManifest, sha256 } from "./manifest.js";
import { isSafeOutputPath } from "./paths.js";
import { stage, stagedFor } from "./staging.js";
import { WriteError } from "./types.js";

export const JOURNAL_NAME = ".catalogen-journal.json";

/** A commit as the journal records it: paths relative to the output folder. */
export interface Commit {
  /** [staging file, final path], in the order they are renamed; the last may be the manifest's (after the removals). */
  renames: [string, string][];
  /** Files no longer made, removed after the renames and before the manifest's rename. */
  remove: string[];
}

/** A commit as read back, with the hash the manifest gives each file. */
interface JournalledCommit extends Commit {
  hashes: ReadonlyMap<string, string>;
}

/** Writes the journal of `commit` into `root` (staged, then renamed: it is whole or absent). */
export function writeJournal(root: string, commit: Commit): void {
  const text = `${JSON.stringify({ generator: "catalogen", journal: 1, ...commit }, null, 1)}\n`;
  const final = join(root, JOURNAL_NAME);
  const temporary = stage(final, text);
  try {
    renameSync(temporary, final);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export function removeJournal(root: string): void {
  rmSync(join(root, JOURNAL_NAME), { force: true });
}

/** Whether `root` holds a journal (a regular file or anything else under its name). */
export function hasJournal(root: string): boolean {
  return lstatSync(join(root, JOURNAL_NAME), { throwIfNoEntry: false }) !== undefined;
}

/** What `finishCommit` did: files put in place and files removed. */
export interface FinishedCommit {
  renamed: number;
  removed: number;
}

/**
 * Finishes the commit a killed run left in `root` (the folder is locked): every staged file still
 * there is renamed into place, the files to remove go, the final manifest goes in, the journal
 * goes. Undefined when there is no journal. A journal that is not one catalogen wrote is refused
 * with a message that names it and never quotes it.
 */
export function finishCommit(root: string): FinishedCommit | undefined {
  const commit = readJournal(root);
  if (commit === undefined) return undefined;
  const done: FinishedCommit = { renamed: 0, removed: 0 };
  const manifest = commit.renames.at(-1)?.[1] === MANIFEST_NAME ? commit.renames.at(-1) : undefined;
  for (const [temporary, final] of manifest ? commit.renames.slice(0, -1) : commit.renames) {
    done.renamed += renameStaged(root, temporary, final, commit.hashes.get(final)) ? 1 : 0;
  }
  for (const path of commit.remove) done.removed += removeOwnFile(root, path) ? 1 : 0;
  if (manifest) renameStaged(root, ...manifest);
  removeJournal(root);
  return done;
}

/**
 * Renames the staging file `temporary` to `final` if it is still there (false: renamed before the
 * kill) and holds the bytes the manifest lists (else it is removed: a crash of the machine may cut
 * a file short, and the run that follows makes it again).
 */
function renameStaged(root: string, temporary: string, final: string, hash?: string): boolean {
  if (!lstatSync(join(root, temporary), { throwIfNoEntry: false })?.isFile()) return false;
  if (hash !== undefined && sha256(readFileSync(join(root, temporary))) !== hash) {
    rmSync(join(root, temporary), { force: true });
    return false;
  }
  const found = lstatSync(join(root, final), { throwIfNoEntry: false });
  if (found !== undefined && !found.isFile()) {
    throw new WriteError(`cannot finish the commit a killed run left in ${root}: ${join(root, final)} is no longer a regular file; remove it and run generate again`);
  }
  renameSync(join(root, temporary), join(root, final));
  return true;
}

function removeOwnFile(root: string, path: string): boolean {
  const full = join(root, path);
  if (!lstatSync(full, { throwIfNoEntry: false })?.isFile()) return false;
  rmSync(full, { force: true });
  removeEmptyParents(root, dirname(full));
  return true;
}

/** Removes `dir` and its parents up to (not including) `root` while they are empty. */
export function removeEmptyParents(root: string, dir: string): void {
  const within = root + sep;
  for (let current = dir; current.startsWith(within); current = dirname(current)) {
    try {
      rmdirSync(current);
    } catch {
      return; // not empty: stop
    }
  }
}

/** The journal in `root`, checked against the manifest; undefined when there is none. */
function readJournal(root: string): JournalledCommit | undefined {
  const path = join(root, JOURNAL_NAME);
  const refused = (why: string) =>
    new WriteError(`cannot finish the commit a killed run left in ${root}: ${path} ${why}; remove it and run generate again (it makes the whole output anew)`);
  const text = readOwnFile(path, refused);
  if (text === undefined) return undefined;
  let parsed: Partial<Commit> & { generator?: unknown; journal?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw refused("is not a journal catalogen wrote (not JSON)");
  }
  if (parsed?.generator !== "catalogen" || parsed.journal !== 1 || !Array.isArray(parsed.renames) || !Array.isArray(parsed.remove)) {
    throw refused("is not a journal catalogen wrote");
  }
  const manifestText = readOwnFile(join(root, MANIFEST_NAME), refused);
  const files = (manifestText !== undefined && parseManifest(manifestText)?.files) || {};
  const listed = new Set(Object.keys(files));
  const renames = parsed.renames as unknown[];
  for (const [index, entry] of renames.entries()) {
    const isManifest = index === renames.length - 1 && Array.isArray(entry) && entry[1] === MANIFEST_NAME;
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== "string" || typeof entry[1] !== "string") throw refused("names a rename that is not a pair of paths");
    const [temporary, final] = entry as [string, string];
    if (!isSafeOutputPath(temporary) || stagedFor(temporary) !== final) throw refused("names a rename that is not of a staging file to its own file");
    if (!isManifest && !listed.has(final)) throw refused("names a file the manifest does not list");
  }
  if (!(parsed.remove as unknown[]).every((path) => typeof path === "string")) throw refused("names a file to remove that is not a path");
  // Only files the manifest lists are removed (once the final manifest is in, it lists none of them).
  return {
    renames: renames as [string, string][],
    remove: (parsed.remove as string[]).filter((path) => listed.has(path)),
    hashes: new Map(Object.entries(files).map(([path, entry]) => [path, entry.sha256])),
  };
}

/** The text of the regular file at `path` (never through a link), or undefined when there is none. */
function readOwnFile(path: string, refused: (why: string) => Error): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw refused(code === "ELOOP" ? "is a symbolic link" : `cannot be read (${code ?? "error"})`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw refused("is not a regular file");
    if (stats.size > 64 * 2 ** 20) throw refused("is too large to be a journal");
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}
