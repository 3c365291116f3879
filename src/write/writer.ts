// Puts generated files on disk: only files that changed, only files it owns, all or nothing.
import { mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { MANIFEST_NAME, manifestText, readManifest, sha256 } from "./manifest.js";

export interface WriteReport {
  written: string[];
  unchanged: string[];
  removed: string[];
}

export interface CheckReport {
  stale: string[];
  missing: string[];
  extra: string[];
}

/** A problem that stops the write before anything is changed. */
export class WriteError extends Error {
  override name = "WriteError";
}

/** The file's text, or undefined when there is no such file. */
export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** What differs between `files` (final content, by output path) and the folder. Writes nothing. */
export async function checkOutput(outDir: string, files: ReadonlyMap<string, string>): Promise<CheckReport> {
  const manifest = await readManifest(outDir);
  const report: CheckReport = { stale: [], missing: [], extra: [] };
  for (const [path, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const current = await readIfExists(join(outDir, path));
    if (current === undefined) report.missing.push(path);
    else if (current !== content) report.stale.push(path);
  }
  for (const path of Object.keys(manifest?.files ?? {}).sort()) {
    if (!files.has(path) && (await readIfExists(join(outDir, path))) !== undefined) report.extra.push(path);
  }
  return report;
}

/**
 * Writes `files` into `outDir`. A file whose bytes are already right is not touched (its mtime
 * stays). Files listed in the previous manifest and no longer generated are removed. A file
 * catalogen did not write is never overwritten: the write stops before changing anything.
 * New content goes to temporary files first and is renamed into place only when all of it
 * is on disk, so a failure midway leaves the previous output as it was.
 */
export async function writeOutput(outDir: string, files: ReadonlyMap<string, string>, inputHash: string): Promise<WriteReport> {
  const previous = await readManifest(outDir);
  const owned = new Set(Object.keys(previous?.files ?? {}));
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const changes: [path: string, content: string][] = [];
  const foreign: string[] = [];

  for (const path of [...files.keys()].sort()) {
    const content = files.get(path)!;
    const current = await readIfExists(join(outDir, path));
    if (current === content) report.unchanged.push(path);
    else if (current !== undefined && !owned.has(path)) foreign.push(path);
    else changes.push([path, content]);
  }
  if (foreign.length > 0) {
    throw new WriteError(
      `refusing to overwrite files catalogen did not write:\n${foreign.map((path) => `  ${join(outDir, path)}`).join("\n")}\n` +
        "move or delete them, or choose another --out folder",
    );
  }
  const stale = [...owned].filter((path) => !files.has(path)).sort();
  const manifest = manifestText(inputHash, files);
  const manifestChanged = (await readIfExists(join(outDir, MANIFEST_NAME))) !== manifest;
  if (changes.length === 0 && stale.length === 0 && !manifestChanged) return report;

  const staged: [temporary: string, final: string][] = [];
  const suffix = `.catalogen-${process.pid}.tmp`;
  try {
    for (const [path, content] of [...changes, [MANIFEST_NAME, manifest] as [string, string]]) {
      if (path === MANIFEST_NAME && !manifestChanged) continue;
      const final = join(outDir, path);
      await mkdir(dirname(final), { recursive: true });
      await writeFile(final + suffix, content);
      staged.push([final + suffix, final]);
    }
  } catch (error) {
    await Promise.all(staged.map(([temporary]) => rm(temporary, { force: true })));
    throw error;
  }
  // The manifest is staged last, so it goes in last: it never lists files that are not there.
  for (const [temporary, final] of staged) await rename(temporary, final);
  report.written.push(...changes.map(([path]) => path));

  for (const path of stale) {
    const final = join(outDir, path);
    if ((await readIfExists(final)) === undefined) continue;
    await rm(final);
    report.removed.push(path);
    await removeEmptyParents(outDir, dirname(final));
  }
  return report;
}

async function removeEmptyParents(outDir: string, dir: string): Promise<void> {
  while (dir.startsWith(outDir) && dir !== outDir) {
    try {
      await rmdir(dir);
    } catch {
      return; // not empty (or not ours to judge): stop
    }
    dir = dirname(dir);
  }
}

/** True when the manifest records `inputHash` and every file it lists is on disk unaltered. */
export async function isUpToDate(outDir: string, inputHash: string): Promise<boolean> {
  const manifest = await readManifest(outDir);
  if (!manifest || manifest.inputHash !== inputHash) return false;
  for (const [path, hash] of Object.entries(manifest.files)) {
    const current = await readIfExists(join(outDir, path));
    if (current === undefined || sha256(current) !== hash) return false;
  }
  return true;
}
