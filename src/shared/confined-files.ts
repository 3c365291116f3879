// The one rule for every file catalogen reads by a name that comes from the project, a document
// or a config (a catalogue file, a living source's document, a `$ref`, a token table, a plugin):
// after symbolic links are resolved it lies inside the folder that names it (or another folder
// the user allowed), and it is a regular file. It is opened once, and the opened file is checked
// to be the one that was looked at (same device and inode), so a file swapped in between is
// refused, not read. A refusal says what is wrong with the file and never what it holds.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import { resolve, sep } from "node:path";
import { fileProblem } from "./file-errors.js";

/** Why a file was not read; `describeRefusal` words it. Nothing in it comes from the file's content. */
export type Refusal =
  | { kind: "outside"; throughLink: boolean }
  | { kind: "unreadable"; reason: string; code?: string }
  | { kind: "not-regular"; what: string }
  | { kind: "too-large"; size: number; limit: number }
  | { kind: "grew"; limit: number }
  | { kind: "changed" };

export class ConfinedFileError extends Error {
  override name = "ConfinedFileError";
  constructor(readonly refusal: Refusal) {
    super(describeRefusal(refusal));
  }
}

/**
 * A refusal in words that follow the file's name (`pipe.yaml: not a regular file (a FIFO); ...`);
 * `folder` names the folder for "outside".
 */
export function describeRefusal(refusal: Refusal, folder = "its folder"): string {
  switch (refusal.kind) {
    case "outside":
      return `leads outside ${folder}${refusal.throughLink ? " through a symbolic link" : ""}`;
    case "unreadable":
      return `cannot read the file: ${refusal.reason}`;
    case "not-regular":
      return `not a regular file (${refusal.what}); catalogen reads only regular files`;
    case "too-large":
      return `the file is ${mebibytes(refusal.size)}, more than the ${mebibytes(refusal.limit)} catalogen reads`;
    case "grew":
      return `the file grew past the ${mebibytes(refusal.limit)} catalogen reads while it was read`;
    case "changed":
      return "the file was replaced while catalogen was reading it; run the command again";
  }
}

/** Whether `path` (absolute, links resolved) is `folder` or lies inside it. */
export function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

/** The real path of a folder that names files, for `confinedPath` (throws as realpath does). */
export function realFolder(folder: string): string {
  return realpathSync(folder);
}

/**
 * The real path of `path` when it lies inside one of `folders` (real paths, see `realFolder`);
 * otherwise a ConfinedFileError. `path` outside them before links are resolved is "outside";
 * inside them but leading out through a link is "outside through a symbolic link".
 */
export function confinedPath(path: string, folders: readonly string[]): string {
  const lexical = resolve(path);
  const lexicallyInside = folders.some((folder) => isInside(lexical, folder));
  let real: string;
  try {
    real = realpathSync(lexical);
  } catch (error) {
    if (!lexicallyInside) throw new ConfinedFileError({ kind: "outside", throughLink: false });
    throw unreadable(error);
  }
  if (!folders.some((folder) => isInside(real, folder))) throw new ConfinedFileError({ kind: "outside", throughLink: lexicallyInside });
  return real;
}

/**
 * The bytes of the regular file at `real` (a real path, see `confinedPath`), at most `limit`.
 * Anything else (a folder, a FIFO, a socket, a device such as /dev/zero) is refused before it is
 * read: the file is opened non-blocking (a FIFO cannot hang the open) and without following a link,
 * and what was opened must be the file that was looked at.
 */
export function readRegularFile(real: string, limit: number): Buffer {
  let checked: Stats;
  try {
    checked = statSync(real);
  } catch (error) {
    throw unreadable(error);
  }
  regularWithin(checked, limit);
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A link where the real path was: something was swapped in.
    throw code === "ELOOP" ? new ConfinedFileError({ kind: "changed" }) : unreadable(error);
  }
  try {
    const opened = fstatSync(fd);
    if (opened.dev !== checked.dev || opened.ino !== checked.ino) throw new ConfinedFileError({ kind: "changed" });
    regularWithin(opened, limit);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > limit) throw new ConfinedFileError({ kind: "grew", limit });
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof ConfinedFileError) throw error;
    throw unreadable(error);
  } finally {
    closeSync(fd);
  }
}

/**
 * `confinedPath` for a file something else reads (a plugin Node imports): its real path, when it
 * is a regular file inside `folders`.
 */
export function confinedRegularFile(path: string, folders: readonly string[]): string {
  const real = confinedPath(path, folders);
  let stats: Stats;
  try {
    stats = statSync(real);
  } catch (error) {
    throw unreadable(error);
  }
  regularWithin(stats, Number.POSITIVE_INFINITY);
  return real;
}

/** `confinedPath`, then `readRegularFile`: the file's real path and bytes. */
export function readConfinedFile(path: string, folders: readonly string[], limit: number): { real: string; bytes: Buffer } {
  const real = confinedPath(path, folders);
  return { real, bytes: readRegularFile(real, limit) };
}

function unreadable(error: unknown): ConfinedFileError {
  const code = (error as NodeJS.ErrnoException).code;
  return new ConfinedFileError({ kind: "unreadable", reason: fileProblem(error), ...(code !== undefined && { code }) });
}

function regularWithin(stats: Stats, limit: number): void {
  if (!stats.isFile()) throw new ConfinedFileError({ kind: "not-regular", what: kindOf(stats) });
  if (stats.size > limit) throw new ConfinedFileError({ kind: "too-large", size: stats.size, limit });
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a plain file";
}

export function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
