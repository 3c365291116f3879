// Puts generated files on disk: only files that changed, only files it owns, all or nothing,
// never outside the output folder, one run at a time.
import { mkdir, readdir, realpath, rename, rm, rmdir, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { compareText } from "../model/order.js";
import { FolderView, type Found } from "./folder.js";
import { isLockLeftover, lockFolder, LockBusyError, type Lock } from "./lock.js";
import { MANIFEST_NAME, manifestText, parseManifest, sha256, type Manifest, type ManifestEntry } from "./manifest.js";
import { stage, stagedFor } from "./staging.js";

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

/** The real path of the output folder, or undefined when it does not exist yet. */
async function existingFolder(outDir: string): Promise<string | undefined> {
  let stats;
  try {
    stats = await stat(outDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ENOTDIR") throw new WriteError(`cannot use ${outDir} as the output folder: a part of its path is a file`);
    throw error;
  }
  if (!stats.isDirectory()) throw new WriteError(`the output folder ${outDir} is a file, not a folder`);
  return realpath(outDir);
}

async function createFolder(outDir: string): Promise<string> {
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTDIR" || code === "EEXIST") throw new WriteError(`cannot create the output folder ${outDir}: a part of its path is a file`);
    throw error;
  }
  return (await existingFolder(outDir))!;
}

async function takeLock(root: string): Promise<Lock> {
  try {
    return await lockFolder(root);
  } catch (error) {
    if (error instanceof LockBusyError) throw new WriteError(error.message);
    throw error;
  }
}

function refuse(problems: Iterable<string>): WriteError {
  const lines = [...new Set(problems)].sort(compareText);
  return new WriteError(
    `refusing to write: catalogen writes only regular files and real folders inside the output folder\n` +
      `${lines.map((line) => `  ${line}`).join("\n")}\n` +
      "remove or move them, or choose another --out folder",
  );
}

function parent(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

function filesFor(manifest: Manifest | undefined): Map<string, ManifestEntry> {
  return new Map(Object.entries(manifest?.files ?? {}));
}

/** The manifest as found: its text (to tell whether it changes) and what it says. */
async function readManifestIn(view: FolderView): Promise<{ text?: string; manifest?: Manifest; problem?: string }> {
  const found = await view.readFile(MANIFEST_NAME);
  if (found.kind === "problem") return { problem: found.message };
  if (found.kind === "missing") return {};
  const text = found.bytes.toString("utf8");
  const manifest = parseManifest(text);
  return manifest ? { text, manifest } : { text };
}

/**
 * Leftovers of runs that were killed: staging files beside the files catalogen writes (only
 * regular files named after one of `owned`) and lock drafts at the root.
 */
async function leftovers(view: FolderView, owned: Iterable<string>): Promise<string[]> {
  const names = new Set(owned);
  const dirs = new Set([""]);
  for (const path of names) dirs.add(parent(path));
  const found: string[] = [];
  for (const dir of [...dirs].sort(compareText)) {
    if ((await view.dir(dir)) !== "ok") continue;
    let entries;
    try {
      entries = await readdir(join(view.root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
      const stem = stagedFor(entry.name);
      if ((stem !== undefined && names.has(dir === "" ? stem : `${dir}/${stem}`)) || (dir === "" && isLockLeftover(entry.name))) {
        found.push(path);
      }
    }
  }
  return found.sort(compareText);
}

/**
 * An output folder opened for one generate: locked (when it exists; otherwise from the moment it
 * is created), and read at most once per file. Close it when done.
 */
export class Output {
  private root: string | undefined;
  private lock: Lock | undefined;
  private view: FolderView | undefined;

  private constructor(private readonly outDir: string) {}

  static async open(outDir: string): Promise<Output> {
    const output = new Output(resolve(outDir));
    const root = await existingFolder(output.outDir);
    if (root !== undefined) await output.attach(root);
    return output;
  }

  private async attach(root: string): Promise<void> {
    this.lock = await takeLock(root);
    this.root = root;
    this.view = new FolderView(root);
  }

  async close(): Promise<void> {
    await this.lock?.release();
    this.lock = undefined;
  }

  private manifestRead: ReturnType<typeof readManifestIn> | undefined;
  private manifest(): ReturnType<typeof readManifestIn> {
    this.manifestRead ??= readManifestIn(this.view!);
    return this.manifestRead;
  }

  /**
   * True when the manifest records `inputHash` and every file it lists is on disk unaltered (and
   * no killed run left anything to clean up). What it reads is remembered for `write`.
   */
  async isUpToDate(inputHash: string): Promise<boolean> {
    if (!this.view || this.lock?.tookOverStale) return false;
    const { manifest } = await this.manifest();
    if (!manifest || manifest.inputHash !== inputHash) return false;
    for (const [path, entry] of Object.entries(manifest.files)) {
      const found = await this.view.file(path);
      if (found.kind !== "file" || found.sha256 !== entry.sha256) return false;
    }
    return true;
  }

  /**
   * Writes `files`, the whole output of `targets`. A file whose bytes are already right is not
   * touched (its mtime stays); one catalogen did not write is never overwritten, nor is anything
   * written or deleted through a symbolic link: either stops the write before anything changes.
   * Files an earlier run of the same targets wrote and this one does not produce are removed;
   * other targets' files stay. New content goes to staging files first and is renamed into place
   * only when all of it is on disk. The manifest goes in first, listing old and new files, so a
   * run killed halfway leaves nothing the next run would not recognise as its own.
   */
  async write(files: ReadonlyMap<string, OutputFile>, options: { inputHash: string; targets: readonly string[] }): Promise<WriteReport> {
    if (!this.view) await this.attach(await createFolder(this.outDir));
    const view = this.view!;
    const current = await this.manifest();
    const previous = filesFor(current.manifest);
    const report: WriteReport = { written: [], unchanged: [], removed: [] };
    const problems: string[] = current.problem ? [current.problem] : [];
    const foreign: string[] = [];
    const changes: [path: string, content: string][] = [];
    const next = new Map<string, ManifestEntry>();

    for (const [path, entry] of previous) if (!options.targets.includes(entry.target)) next.set(path, entry);
    for (const path of [...files.keys()].sort(compareText)) {
      const { content, target } = files.get(path)!;
      const hash = sha256(content);
      next.set(path, { target, sha256: hash });
      const found = await view.file(path);
      if (found.kind === "problem") problems.push(found.message);
      else if (found.kind === "file" && found.sha256 === hash) report.unchanged.push(path); // also adopts an unlisted identical file
      else if (found.kind === "file" && !previous.has(path)) foreign.push(path);
      else changes.push([path, content]);
    }
    const stale: string[] = [];
    for (const [path, entry] of previous) {
      if (!options.targets.includes(entry.target) || files.has(path)) continue;
      const found = await view.file(path);
      if (found.kind === "problem") problems.push(found.message);
      else if (found.kind === "file") stale.push(path);
    }
    if (problems.length > 0) throw refuse(problems);
    if (foreign.length > 0) {
      throw new WriteError(
        `refusing to overwrite files catalogen did not write:\n${foreign.map((path) => `  ${join(this.outDir, path)}`).join("\n")}\n` +
          "move or delete them, or choose another --out folder",
      );
    }
    stale.sort(compareText);

    for (const path of await leftovers(view, [MANIFEST_NAME, ...previous.keys(), ...files.keys()])) await rm(join(view.root, path), { force: true });

    const during = new Map(next);
    for (const path of stale) during.set(path, previous.get(path)!);
    const duringText = manifestText(options.inputHash, Object.fromEntries(during));
    const finalText = manifestText(options.inputHash, Object.fromEntries(next));
    if (changes.length === 0 && stale.length === 0 && current.text === finalText) return report;

    await replaceAll(view.root, [...(current.text === duringText ? [] : [[MANIFEST_NAME, duringText] as [string, string]]), ...changes]);
    report.written.push(...changes.map(([path]) => path));
    for (const path of stale) {
      const final = join(view.root, path);
      await rm(final, { force: true });
      report.removed.push(path);
      await removeEmptyParents(view.root, dirname(final));
    }
    if (finalText !== duringText) await replaceAll(view.root, [[MANIFEST_NAME, finalText]]);
    return report;
  }
}

/**
 * Stages every change beside its target, then renames them into place in order. A failure
 * before the renames removes what was staged and leaves the folder as it was.
 */
async function replaceAll(root: string, changes: [path: string, content: string][]): Promise<void> {
  const staged: [temporary: string, final: string][] = [];
  try {
    for (const [path, content] of changes) {
      const final = join(root, path);
      try {
        await mkdir(dirname(final), { recursive: true });
        staged.push([await stage(final, content), final]);
      } catch (error) {
        throw new WriteError(`cannot write ${final}: ${(error as Error).message}; nothing in ${root} was changed`, { cause: error });
      }
    }
    while (staged.length > 0) {
      const [temporary, final] = staged[0]!;
      try {
        await rename(temporary, final);
      } catch (error) {
        throw new WriteError(`cannot put ${final} in place: ${(error as Error).message}; run generate again`, { cause: error });
      }
      staged.shift();
    }
  } finally {
    await Promise.all(staged.map(([temporary]) => rm(temporary, { force: true })));
  }
}

async function removeEmptyParents(root: string, dir: string): Promise<void> {
  const inside = root + sep;
  for (let current = dir; current.startsWith(inside); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty: stop
    }
  }
}

/** What differs between `files` and the folder, for the targets rendered. Writes nothing and takes no lock. */
export async function checkOutput(outDir: string, files: ReadonlyMap<string, OutputFile>, targets: readonly string[]): Promise<CheckReport> {
  const report: CheckReport = { stale: [], missing: [], extra: [] };
  const root = await existingFolder(resolve(outDir));
  if (root === undefined) {
    report.missing.push(...[...files.keys()].sort(compareText));
    return report;
  }
  const view = new FolderView(root);
  const current = await readManifestIn(view);
  const previous = filesFor(current.manifest);
  const problems: string[] = current.problem ? [current.problem] : [];
  const report1 = (path: string, found: Found, expected: string): void => {
    if (found.kind === "problem") problems.push(found.message);
    else if (found.kind === "missing") report.missing.push(path);
    else if (found.sha256 !== expected) report.stale.push(path);
  };
  for (const path of [...files.keys()].sort(compareText)) report1(path, await view.file(path), sha256(files.get(path)!.content));
  for (const [path, entry] of previous) {
    if (!targets.includes(entry.target) || files.has(path)) continue;
    const found = await view.file(path);
    if (found.kind === "problem") problems.push(found.message);
    else if (found.kind === "file") report.extra.push(path);
  }
  if (problems.length > 0) throw refuse(problems);
  report.extra.push(...(await leftovers(view, [MANIFEST_NAME, ...previous.keys(), ...files.keys()])));
  report.extra.sort(compareText);
  return report;
}
