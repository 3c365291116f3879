// Puts generated files on disk: only files that changed, only files it owns, all or nothing,
// never outside the output folder, one run at a time.
import { createHash } from "node:crypto";
import { lstat, mkdir, readdir, realpath, rename, rm, rmdir, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { compareText } from "../model/order.js";
import { FolderView } from "./folder.js";
import { isLockLeftover, lockFolder, LockBusyError, type Lock } from "./lock.js";
import { MANIFEST_NAME, manifestText, parseManifest, sha256, type Manifest, type ManifestEntry } from "./manifest.js";
import { stage, stageChunks, stagedFor } from "./staging.js";
import { StatCache } from "./stat-cache.js";

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

/** The output folder made, and the first folder that had to be made for it. */
async function createFolder(outDir: string): Promise<{ root: string; made: string | undefined }> {
  let made;
  try {
    made = await mkdir(outDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTDIR" || code === "EEXIST") throw new WriteError(`cannot create the output folder ${outDir}: a part of its path is a file`);
    throw error;
  }
  return { root: (await existingFolder(outDir))!, made };
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
  private lock: Lock | undefined;
  private view: FolderView | undefined;
  private stats: StatCache | undefined;

  private constructor(private readonly outDir: string) {}

  static async open(outDir: string): Promise<Output> {
    const output = new Output(resolve(outDir));
    const root = await existingFolder(output.outDir);
    if (root !== undefined) await output.attach(root);
    return output;
  }

  private async attach(root: string): Promise<void> {
    this.lock = await takeLock(root);
    this.view = new FolderView(root);
    this.stats = StatCache.open(root);
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
   * no killed run left anything to clean up): a file's size and mtime as last seen with its hash
   * (stat-cache.ts), or else its bytes read and hashed. What it reads is remembered for `write`.
   */
  async isUpToDate(inputHash: string): Promise<boolean> {
    if (!this.view || this.lock?.tookOverStale) return false;
    const { manifest } = await this.manifest();
    if (!manifest || manifest.inputHash !== inputHash) return false;
    let upToDate = true;
    for (const [path, entry] of Object.entries(manifest.files)) {
      if (!(await intact(this.view, this.stats!, path, entry.sha256))) {
        upToDate = false;
        break;
      }
    }
    this.stats!.save(this.view.root, Object.keys(manifest.files));
    return upToDate;
  }

  /**
   * Starts writing the whole output of `targets`: give each file to the returned `Writing` as it
   * is made (`put`, or `keep` for a file the last run made from the same inputs), then `finish`
   * (or `abort` when the run fails). See `Writing` for what is guaranteed.
   */
  async begin(options: { inputHash: string; targets: readonly string[]; generatorHash?: string }): Promise<Writing> {
    let made: string | undefined;
    if (!this.view) {
      const created = await createFolder(this.outDir);
      made = created.made;
      await this.attach(created.root);
    }
    // A write that fails in a folder this run made takes the folder away again: nothing written.
    const undo =
      made === undefined
        ? undefined
        : async () => {
            await this.close();
            await rm(made, { recursive: true, force: true });
          };
    return new Writing(this.outDir, this.view!, this.stats!, await this.manifest(), options, undo);
  }

  /** Writes `files`, the whole output of `targets` (see `Writing`). */
  async write(files: ReadonlyMap<string, OutputFile>, options: { inputHash: string; targets: readonly string[]; generatorHash?: string }): Promise<WriteReport> {
    const writing = await this.begin(options);
    try {
      for (const [path, { content, target }] of files) await writing.put(path, target, content);
    } catch (error) {
      await writing.abort();
      throw error;
    }
    return writing.finish();
  }
}

/**
 * True when the file at `path` holds content with hash `sha256`: by its size and mtime when the
 * stat cache has them with that hash, else by reading it. Never follows a link.
 */
async function intact(view: FolderView, stats: StatCache, path: string, hash: string): Promise<boolean> {
  const slash = path.lastIndexOf("/");
  if ((await view.dir(slash === -1 ? "" : path.slice(0, slash))) !== "ok") return false;
  let found;
  try {
    found = await lstat(join(view.root, path), { bigint: true });
  } catch {
    return false;
  }
  if (!found.isFile()) return false;
  if (stats.matches(path, found, hash)) return true;
  const read = await view.file(path);
  if (read.kind !== "file" || read.sha256 !== hash) return false;
  stats.record(path, found, hash);
  return true;
}

/**
 * One write of the whole output of some targets, fed a file at a time so that no file's text
 * outlives its turn. A file whose bytes are already right is not touched (its mtime stays); one
 * catalogen did not write is never overwritten, nor is anything written or deleted through a
 * symbolic link: either stops the write before anything changes. Files an earlier run of the same
 * targets wrote and this one does not produce are removed; other targets' files stay. New content
 * goes to staging files beside their targets as it comes and is renamed into place only when all
 * of it is on disk (a failure before that removes the staging files and the folders made for
 * them). The manifest goes in first, listing old and new files, so a run killed halfway leaves
 * nothing the next run would not recognise as its own.
 */
export class Writing {
  private readonly previous: Map<string, ManifestEntry>;
  private readonly next = new Map<string, ManifestEntry>();
  private readonly report: WriteReport = { written: [], unchanged: [], removed: [] };
  private readonly problems: string[] = [];
  private readonly foreign: string[] = [];
  private readonly staged: { temporary: string; path: string; hash: string }[] = [];
  private readonly createdFolders: string[] = [];

  constructor(
    private readonly outDir: string,
    private readonly view: FolderView,
    private readonly stats: StatCache,
    private readonly current: { text?: string; manifest?: Manifest; problem?: string },
    private readonly options: { inputHash: string; targets: readonly string[]; generatorHash?: string },
    private readonly undoFolder?: () => Promise<void>,
  ) {
    this.previous = filesFor(current.manifest);
    if (current.problem) this.problems.push(current.problem);
    for (const [path, entry] of this.previous) if (!options.targets.includes(entry.target)) this.next.set(path, entry);
  }

  /**
   * Keeps `path` as the last run wrote it, without its content, when the manifest says it was made
   * by `target` from `from` and it is intact on disk. False: `put` it.
   */
  async keep(path: string, target: string, from: string): Promise<boolean> {
    const entry = this.previous.get(path);
    if (this.options.generatorHash === undefined || this.current.manifest?.generatorHash !== this.options.generatorHash) return false;
    if (entry === undefined || entry.target !== target || entry.from !== from) return false;
    if (this.next.has(path) || !(await intact(this.view, this.stats, path, entry.sha256))) return false;
    this.next.set(path, entry);
    this.report.unchanged.push(path);
    return true;
  }

  /** The file at `path` is to hold `content` (made by `target`, from inputs with hash `from`). */
  async put(path: string, target: string, text: string, from?: string): Promise<void> {
    // One copy of the bytes, hashed and written (the text itself may be tens of MB: openapi.json).
    const content = Buffer.from(text);
    const hash = sha256(content);
    this.next.set(path, { target, sha256: hash, ...(from === undefined ? {} : { from }) });
    const entry = this.previous.get(path);
    if (entry?.sha256 === hash && (await intact(this.view, this.stats, path, hash))) {
      this.report.unchanged.push(path);
      return;
    }
    const found = await this.view.file(path);
    if (found.kind === "problem") this.problems.push(found.message);
    else if (found.kind === "file" && found.sha256 === hash) {
      this.report.unchanged.push(path); // also adopts an unlisted identical file
      const stats = await lstat(join(this.view.root, path), { bigint: true }).catch(() => undefined);
      if (stats?.isFile()) this.stats.record(path, stats, hash);
    } else if (found.kind === "file" && entry === undefined) this.foreign.push(path);
    else await this.stage(path, content, hash);
  }

  /**
   * `put` for a file given as chunks of text (openapi.json of a large catalogue is tens of MB):
   * written to its staging file as they come and hashed on the way, never held whole. The staging
   * file is dropped again when the bytes turn out to be what is there already.
   */
  async putChunks(path: string, target: string, chunks: Iterable<string>, from?: string): Promise<void> {
    const entry = this.previous.get(path);
    let onDisk: string | undefined;
    if (entry !== undefined && (await intact(this.view, this.stats, path, entry.sha256))) onDisk = entry.sha256;
    else {
      const found = await this.view.file(path);
      if (found.kind === "problem") {
        this.problems.push(found.message);
        return;
      }
      if (found.kind === "file") onDisk = found.sha256;
    }
    const final = join(this.view.root, path);
    const hasher = createHash("sha256");
    let temporary: string;
    try {
      const made = await mkdir(dirname(final), { recursive: true });
      if (made !== undefined) this.createdFolders.push(made);
      temporary = await stageChunks(final, chunks, (chunk) => hasher.update(chunk));
    } catch (error) {
      await this.abort();
      throw new WriteError(`cannot write ${final}: ${(error as Error).message}; nothing in ${this.view.root} was changed`, { cause: error });
    }
    const hash = hasher.digest("hex");
    this.next.set(path, { target, sha256: hash, ...(from === undefined ? {} : { from }) });
    if (onDisk === hash || (onDisk !== undefined && entry === undefined)) {
      await rm(temporary, { force: true });
      if (onDisk === hash) this.report.unchanged.push(path);
      else this.foreign.push(path);
      return;
    }
    this.staged.push({ temporary, path, hash });
  }

  private async stage(path: string, content: Buffer, hash: string): Promise<void> {
    const final = join(this.view.root, path);
    try {
      const made = await mkdir(dirname(final), { recursive: true });
      if (made !== undefined) this.createdFolders.push(made);
      this.staged.push({ temporary: await stage(final, content), path, hash });
    } catch (error) {
      await this.abort();
      throw new WriteError(`cannot write ${final}: ${(error as Error).message}; nothing in ${this.view.root} was changed`, { cause: error });
    }
  }

  /** Removes what this write staged and the folders it made for it: the folder is as it was. */
  async abort(): Promise<void> {
    await Promise.all(this.staged.splice(0).map(({ temporary }) => rm(temporary, { force: true })));
    for (const folder of this.createdFolders.splice(0).reverse()) await rm(folder, { recursive: true, force: true });
    await this.undoFolder?.();
  }

  /** Checks what the files given leave behind, then puts everything in place. */
  async finish(): Promise<WriteReport> {
    const { view, previous, next, report, options } = this;
    const stale: string[] = [];
    for (const [path, entry] of previous) {
      if (!options.targets.includes(entry.target) || next.has(path)) continue;
      const found = await view.file(path);
      if (found.kind === "problem") this.problems.push(found.message);
      else if (found.kind === "file") stale.push(path);
    }
    if (this.problems.length > 0) {
      await this.abort();
      throw refuse(this.problems);
    }
    if (this.foreign.length > 0) {
      await this.abort();
      throw new WriteError(
        `refusing to overwrite files catalogen did not write:\n${this.foreign.sort(compareText).map((path) => `  ${join(this.outDir, path)}`).join("\n")}\n` +
          "move or delete them, or choose another --out folder",
      );
    }
    stale.sort(compareText);
    report.unchanged.sort(compareText);

    const ours = new Set(this.staged.map(({ temporary }) => temporary));
    for (const path of await leftovers(view, [MANIFEST_NAME, ...previous.keys(), ...next.keys()])) {
      const full = join(view.root, path);
      if (!ours.has(full)) await rm(full, { force: true });
    }

    const during = new Map(next);
    for (const path of stale) during.set(path, previous.get(path)!);
    const duringText = manifestText(options.inputHash, Object.fromEntries(during), options.generatorHash);
    const finalText = manifestText(options.inputHash, Object.fromEntries(next), options.generatorHash);
    if (this.staged.length === 0 && stale.length === 0 && this.current.text === finalText) {
      this.stats.save(view.root, next.keys());
      return report;
    }

    try {
      if (this.current.text !== duringText) await replaceAll(view.root, [[MANIFEST_NAME, duringText]]);
    } catch (error) {
      await this.abort();
      throw error;
    }
    this.staged.sort((a, b) => compareText(a.path, b.path));
    while (this.staged.length > 0) {
      const { temporary, path, hash } = this.staged[0]!;
      const final = join(view.root, path);
      try {
        await rename(temporary, final);
      } catch (error) {
        await Promise.all(this.staged.map((file) => rm(file.temporary, { force: true })));
        throw new WriteError(`cannot put ${final} in place: ${(error as Error).message}; run generate again`, { cause: error });
      }
      this.staged.shift();
      report.written.push(path);
      const stats = await lstat(final, { bigint: true }).catch(() => undefined);
      if (stats?.isFile()) this.stats.record(path, stats, hash);
    }
    for (const path of stale) {
      const final = join(view.root, path);
      await rm(final, { force: true });
      report.removed.push(path);
      await removeEmptyParents(view.root, dirname(final));
    }
    if (finalText !== duringText) await replaceAll(view.root, [[MANIFEST_NAME, finalText]]);
    this.stats.save(view.root, next.keys());
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
  const check = await OutputCheck.open(outDir, targets);
  for (const [path, { content }] of files) await check.add(path, content);
  return check.finish();
}

/** `checkOutput` a file at a time: `add` each file as it is made, then `finish`. */
export class OutputCheck {
  private readonly report: CheckReport = { stale: [], missing: [], extra: [] };
  private readonly problems: string[] = [];
  private readonly given = new Set<string>();

  private constructor(
    private readonly view: FolderView | undefined,
    private readonly current: { manifest?: Manifest; problem?: string },
    private readonly targets: readonly string[],
  ) {
    if (current.problem) this.problems.push(current.problem);
  }

  static async open(outDir: string, targets: readonly string[]): Promise<OutputCheck> {
    const root = await existingFolder(resolve(outDir));
    if (root === undefined) return new OutputCheck(undefined, {}, targets);
    const view = new FolderView(root);
    return new OutputCheck(view, await readManifestIn(view), targets);
  }

  async add(path: string, content: string): Promise<void> {
    this.given.add(path);
    if (!this.view) {
      this.report.missing.push(path);
      return;
    }
    const found = await this.view.file(path);
    if (found.kind === "problem") this.problems.push(found.message);
    else if (found.kind === "missing") this.report.missing.push(path);
    else if (found.sha256 !== sha256(content)) this.report.stale.push(path);
  }

  async finish(): Promise<CheckReport> {
    const { report, view } = this;
    report.missing.sort(compareText);
    report.stale.sort(compareText);
    if (!view) return report;
    const previous = filesFor(this.current.manifest);
    for (const [path, entry] of previous) {
      if (!this.targets.includes(entry.target) || this.given.has(path)) continue;
      const found = await view.file(path);
      if (found.kind === "problem") this.problems.push(found.message);
      else if (found.kind === "file") report.extra.push(path);
    }
    if (this.problems.length > 0) throw refuse(this.problems);
    report.extra.push(...(await leftovers(view, [MANIFEST_NAME, ...previous.keys(), ...this.given])));
    report.extra.sort(compareText);
    return report;
  }
}
