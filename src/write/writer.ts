// Puts generated files on disk: only files that changed, only files it owns, all or nothing,
// never outside the output folder, one run at a time. A write is two steps: plan.ts decides from
// one read of the folder what to write, keep and remove; apply.ts carries the plan out. This
// module opens the folder (locked) and answers whether it is up to date, and checks it (--check).
import { mkdir, realpath, rm, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { compareText } from "../model/order.js";
import { FolderView } from "./folder.js";
import { finishCommit, hasJournal, JOURNAL_NAME, type FinishedCommit } from "./journal.js";
import { lockFolder, LockBusyError, type Lock } from "./lock.js";
import { MANIFEST_NAME, parseManifest, sha256, type Manifest } from "./manifest.js";
import { filesFor, intact, leftovers, refuse, Writing } from "./plan.js";
import { StatHashes } from "../shared/stat-hashes.js";
import { WriteError, type CheckReport, type OutputFile, type WriteReport, type WriteTargets } from "./types.js";

export { Writing } from "./plan.js";
export type { FinishedCommit } from "./journal.js";
export { WriteError, type CheckReport, type OutputFile, type WriteReport, type WritePlan, type WriteTargets } from "./types.js";

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
 * An output folder opened for one generate: locked (when it exists; otherwise from the moment it
 * is created), and read at most once per file. Close it when done.
 */
export class Output {
  private lock: Lock | undefined;
  private view: FolderView | undefined;
  private stats: StatHashes | undefined;

  private constructor(private readonly outDir: string) {}

  static async open(outDir: string): Promise<Output> {
    const output = new Output(resolve(outDir));
    const root = await existingFolder(output.outDir);
    if (root !== undefined) await output.attach(root);
    return output;
  }

  /** The commit a killed run left, finished when the folder was opened (journal.ts). */
  finished: FinishedCommit | undefined;

  private async attach(root: string): Promise<void> {
    this.lock = await takeLock(root);
    try {
      this.finished = finishCommit(root);
    } catch (error) {
      await this.close();
      throw error;
    }
    this.view = new FolderView(root);
    this.stats = StatHashes.open(`outputs/${sha256(root).slice(0, 32)}.json`, root);
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
   * (src/shared/stat-hashes.ts), or else its bytes read and hashed. What it reads is remembered for `write`.
   * With `onlyTargets`, a file listed for another target (one no longer chosen) is to be removed: not up to date.
   */
  async isUpToDate(inputHash: string, onlyTargets?: readonly string[]): Promise<boolean> {
    if (!this.view || this.lock?.tookOverStale) return false;
    const { manifest } = await this.manifest();
    if (!manifest) return false;
    if (onlyTargets && Object.values(manifest.files).some((entry) => !onlyTargets.includes(entry.target))) return false;
    if (manifest.inputHash !== inputHash) return false;
    let upToDate = true;
    for (const [path, entry] of Object.entries(manifest.files)) {
      if (!(await intact(this.view, this.stats!, path, entry.sha256))) {
        upToDate = false;
        break;
      }
    }
    this.stats!.save(Object.keys(manifest.files));
    return upToDate;
  }

  /**
   * Starts writing the whole output of `targets`: give each file to the returned `Writing` as it
   * is made (`put`, or `keep` for a file the last run made from the same inputs), then `finish`
   * (or `abort` when the run fails). See `Writing` for what is guaranteed.
   */
  async begin(options: WriteTargets): Promise<Writing> {
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
  async write(files: ReadonlyMap<string, OutputFile>, options: WriteTargets): Promise<WriteReport> {
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

/** What differs between `files` and the folder, for the targets rendered. Writes nothing and takes no lock. */
export async function checkOutput(outDir: string, files: ReadonlyMap<string, OutputFile>, targets: readonly string[], otherTargets: "keep" | "remove" = "keep"): Promise<CheckReport> {
  const check = await OutputCheck.open(outDir, targets, otherTargets);
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
    /** "remove": files the manifest lists for other targets are extra too (a generate would remove them). */
    private readonly otherTargets: "keep" | "remove",
  ) {
    if (current.problem) this.problems.push(current.problem);
  }

  static async open(outDir: string, targets: readonly string[], otherTargets: "keep" | "remove" = "keep"): Promise<OutputCheck> {
    const root = await existingFolder(resolve(outDir));
    if (root === undefined) return new OutputCheck(undefined, {}, targets, otherTargets);
    const view = new FolderView(root);
    return new OutputCheck(view, await readManifestIn(view), targets, otherTargets);
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
    if (hasJournal(view.root)) report.unfinished = JOURNAL_NAME;
    const previous = filesFor(this.current.manifest);
    for (const [path, entry] of previous) {
      if ((this.otherTargets === "keep" && !this.targets.includes(entry.target)) || this.given.has(path)) continue;
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
