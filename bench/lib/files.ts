// What an output folder holds: files, bytes, and a snapshot to prove a run wrote nothing; and
// putting an earlier run's output aside.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

let setAsideCount = 0;
const asideFolders = new Set<string>();

/**
 * Moves `path` (an earlier run's output, if any) into `.set-aside/` beside the folder holding it,
 * removed when the process exits. On ext4 without a journal, files removed in the last 30 s make
 * every create look further for a free inode: removing an output just before the next run slowed
 * that run's thousands of creates (catalogen's, not a one-file peer's).
 */
export function setAside(path: string): void {
  if (!existsSync(path)) return;
  const aside = join(dirname(path), ".set-aside");
  mkdirSync(aside, { recursive: true });
  if (asideFolders.size === 0) process.on("exit", () => asideFolders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  asideFolders.add(aside);
  renameSync(path, join(aside, `${process.pid}-${setAsideCount++}`));
}

export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

export function folderSize(dir: string, filter: (path: string) => boolean = () => true): { files: number; bytes: number } {
  const files = listFiles(dir).filter(filter);
  return { files: files.length, bytes: files.reduce((sum, path) => sum + statSync(path).size, 0) };
}

/** Path -> mtime (ns) and size of every file: equal snapshots mean nothing was written. */
export function snapshot(dir: string): Map<string, string> {
  return new Map(
    listFiles(dir).map((path) => {
      const stat = statSync(path, { bigint: true });
      return [relative(dir, path), `${stat.mtimeNs}:${stat.size}`];
    }),
  );
}

/** Paths whose mtime or size differ, plus added and removed ones. */
export function touched(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}
