// What is on disk inside an output folder, read at most once per path, without ever following a
// symbolic link: a folder on the way to a file must be a real folder, the file a regular file.
// Anything else (a link, a folder where a file goes, a device) is a problem the caller refuses.
// This guards against what is there when the run looks; a hostile process swapping a folder for a
// link while a run writes is beyond it (other catalogen runs are kept out by the lock).
// Synchronous: each answer is one or two system calls, and through promises every one of them
// was a wait for the thread pool with nothing else to do meanwhile.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, type Stats } from "node:fs";
import { join } from "node:path";
import { sha256 } from "./manifest.js";

export type Found = { kind: "file"; sha256: string } | { kind: "missing" } | { kind: "problem"; message: string };

type DirState = "ok" | "missing" | { problem: string };

const NO_FOLLOW = constants.O_NOFOLLOW;

function lstatOrUndefined(path: string): Stats | undefined {
  return lstatSync(path, { throwIfNoEntry: false });
}

/** Why `path` (which lstat says is `stats`) is not what catalogen may write: undefined when it is. */
export function notOurs(path: string, stats: Stats, want: "file" | "folder"): string | undefined {
  if (stats.isSymbolicLink()) {
    let target = "?";
    try {
      target = readlinkSync(path);
    } catch {
      // gone or unreadable since: "?"
    }
    return `${path} is a symbolic link (-> ${target})`;
  }
  if (want === "folder" && !stats.isDirectory()) return `${path} is a file where catalogen needs a folder`;
  if (want === "file" && stats.isDirectory()) return `${path} is a folder where catalogen writes a file`;
  if (want === "file" && !stats.isFile()) return `${path} is not a regular file`;
  return undefined;
}

export class FolderView {
  private readonly dirs = new Map<string, DirState>();
  private readonly files = new Map<string, Found>();

  /** `root` is the real path of the output folder. */
  constructor(readonly root: string) {}

  /** The state of folder `rel` ("" is the root), checking every folder on the way once. */
  dir(rel: string): DirState {
    let state = this.dirs.get(rel);
    if (!state) {
      state = this.checkDir(rel);
      this.dirs.set(rel, state);
    }
    return state;
  }

  private checkDir(rel: string): DirState {
    if (rel === "") return "ok";
    const slash = rel.lastIndexOf("/");
    const parent = this.dir(slash === -1 ? "" : rel.slice(0, slash));
    if (parent !== "ok") return parent;
    const path = join(this.root, rel);
    const stats = lstatOrUndefined(path);
    if (!stats) return "missing";
    const problem = notOurs(path, stats, "folder");
    return problem ? { problem } : "ok";
  }

  /** The file at `rel` (posix, relative to the root): its hash, missing, or why it is not ours to touch. */
  file(rel: string): Found {
    let found = this.files.get(rel);
    if (!found) {
      const result = this.readFile(rel);
      found = result.kind === "file" ? { kind: "file", sha256: sha256(result.bytes) } : result;
      this.files.set(rel, found);
    }
    return found;
  }

  /** The file's bytes, read now and not remembered (for the manifest, whose text is needed). */
  readFile(rel: string): { kind: "file"; bytes: Buffer } | Exclude<Found, { kind: "file" }> {
    const slash = rel.lastIndexOf("/");
    const dir = this.dir(slash === -1 ? "" : rel.slice(0, slash));
    if (dir === "missing") return { kind: "missing" };
    if (dir !== "ok") return { kind: "problem", message: dir.problem };
    const path = join(this.root, rel);
    if (NO_FOLLOW === undefined) {
      // No O_NOFOLLOW (Windows): look first.
      const stats = lstatOrUndefined(path);
      if (!stats) return { kind: "missing" };
      const problem = notOurs(path, stats, "file");
      if (problem) return { kind: "problem", message: problem };
    }
    let fd;
    try {
      // O_NONBLOCK: a named pipe planted here must not hang the run.
      fd = openSync(path, constants.O_RDONLY | (NO_FOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return { kind: "missing" };
      if (code === "ELOOP" || code === "EISDIR") {
        const stats = lstatOrUndefined(path);
        const problem = stats && notOurs(path, stats, "file");
        if (problem) return { kind: "problem", message: problem };
      }
      throw error;
    }
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile()) return { kind: "problem", message: notOurs(path, stats, "file")! };
      return { kind: "file", bytes: readFileSync(fd) };
    } finally {
      closeSync(fd);
    }
  }
}
