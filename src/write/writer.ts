// Puts generated files on disk: only files that changed, only files it owns, all or nothing.
import { mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { compareText } from "../model/order.js";
import { MANIFEST_NAME, manifestText, readManifest, sha256, type ManifestEntry } from "./manifest.js";

/** A file's final content and the target that produced it. */
export interface OutputFile {
  content: string;
  target: string;
}

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

function sortedPaths(files: ReadonlyMap<string, OutputFile>): string[] {
  return [...files.keys()].sort(compareText);
}

/** Files the previous run of these targets wrote that this run no longer produces. */
function stalePaths(previous: Record<string, ManifestEntry>, files: ReadonlyMap<string, OutputFile>, targets: readonly string[]): string[] {
  return Object.keys(previous)
    .filter((path) => targets.includes(previous[path]!.target) && !files.has(path))
    .sort(compareText);
}

/** What differs between `files` and the folder, for the targets rendered. Writes nothing. */
export async function checkOutput(outDir: string, files: ReadonlyMap<string, OutputFile>, targets: readonly string[]): Promise<CheckReport> {
  const previous = (await readManifest(outDir))?.files ?? {};
  const report: CheckReport = { stale: [], missing: [], extra: [] };
  for (const path of sortedPaths(files)) {
    const current = await readIfExists(join(outDir, path));
    if (current === undefined) report.missing.push(path);
    else if (current !== files.get(path)!.content) report.stale.push(path);
  }
  for (const path of stalePaths(previous, files, targets)) {
    if ((await readIfExists(join(outDir, path))) !== undefined) report.extra.push(path);
  }
  return report;
}

/**
 * Writes `files`, the whole output of `targets`, into `outDir`. A file whose bytes are already
 * right is not touched (its mtime stays). Files an earlier run of the same targets wrote and
 * this one does not produce are removed; other targets' files stay. A file catalogen did not
 * write is never overwritten: the write stops before changing anything. New content goes to
 * temporary files first and is renamed into place only when all of it is on disk, so a
 * failure while writing leaves the previous output as it was.
 */
export async function writeOutput(
  outDir: string,
  files: ReadonlyMap<string, OutputFile>,
  options: { inputHash: string; targets: readonly string[] },
): Promise<WriteReport> {
  const previous = (await readManifest(outDir))?.files ?? {};
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const changes: [path: string, content: string][] = [];
  const foreign: string[] = [];

  for (const path of sortedPaths(files)) {
    const { content } = files.get(path)!;
    const current = await readIfExists(join(outDir, path));
    if (current === content) report.unchanged.push(path);
    else if (current !== undefined && !(path in previous)) foreign.push(path);
    else changes.push([path, content]);
  }
  if (foreign.length > 0) {
    throw new WriteError(
      `refusing to overwrite files catalogen did not write:\n${foreign.map((path) => `  ${join(outDir, path)}`).join("\n")}\n` +
        "move or delete them, or choose another --out folder",
    );
  }
  const stale = stalePaths(previous, files, options.targets);
  const entries: Record<string, ManifestEntry> = {};
  for (const [path, entry] of Object.entries(previous)) {
    if (!options.targets.includes(entry.target)) entries[path] = entry;
  }
  for (const [path, { content, target }] of files) entries[path] = { target, sha256: sha256(content) };
  const manifest = manifestText(options.inputHash, entries);
  if ((await readIfExists(join(outDir, MANIFEST_NAME))) !== manifest) changes.push([MANIFEST_NAME, manifest]);
  if (changes.length === 0 && stale.length === 0) return report;

  await replaceAll(outDir, changes);
  report.written.push(...changes.map(([path]) => path).filter((path) => path !== MANIFEST_NAME));

  for (const path of stale) {
    const final = join(outDir, path);
    if ((await readIfExists(final)) === undefined) continue;
    await rm(final);
    report.removed.push(path);
    await removeEmptyParents(outDir, dirname(final));
  }
  return report;
}

/**
 * Stages every change in a temporary file beside its target, then renames them into place
 * (the manifest, pushed last, goes in last). A failure while staging removes what was staged.
 */
async function replaceAll(outDir: string, changes: [path: string, content: string][]): Promise<void> {
  const suffix = `.catalogen-${process.pid}.tmp`;
  const staged: [temporary: string, final: string][] = [];
  try {
    for (const [path, content] of changes) {
      const final = join(outDir, path);
      await mkdir(dirname(final), { recursive: true });
      await writeFile(final + suffix, content);
      staged.push([final + suffix, final]);
    }
    while (staged.length > 0) {
      const [temporary, final] = staged[0]!;
      await rename(temporary, final);
      staged.shift();
    }
  } finally {
    await Promise.all(staged.map(([temporary]) => rm(temporary, { force: true })));
  }
}

async function removeEmptyParents(outDir: string, dir: string): Promise<void> {
  const root = resolve(outDir) + sep;
  for (let current = resolve(dir); current.startsWith(root); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty: stop
    }
  }
}

/** True when the manifest records `inputHash` and every file it lists is on disk unaltered. */
export async function isUpToDate(outDir: string, inputHash: string): Promise<boolean> {
  const manifest = await readManifest(outDir);
  if (!manifest || manifest.inputHash !== inputHash) return false;
  for (const [path, entry] of Object.entries(manifest.files)) {
    const current = await readIfExists(join(outDir, path));
    if (current === undefined || sha256(current) !== entry.sha256) return false;
  }
  return true;
}
