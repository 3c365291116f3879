// What an output folder holds: files, bytes, and a snapshot to prove a run wrote nothing.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

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
