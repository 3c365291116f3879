// The first step of a write: the plan (types.ts's WritePlan). Generate hands each file to a
// Writing as it is made; the Writing compares it with what the output folder holds (read once,
// through FolderView) and decides: keep it, write it (staged beside its target at once, so that
// no file's text outlives its turn), or refuse (a file catalogen did not write, a symbolic link,
// a folder where a file goes). `plan` adds the files no longer made and the leftovers of killed
// runs; `finish` hands the plan to apply.ts, the only place that changes the folder.
import { createHash } from "node:crypto";
import { type BigIntStats, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, write } from "node:fs";
import { promisify } from "node:util";
import { join } from "node:path";
import { compareText } from "../model/order.js";
import { applyPlan } from "./apply.js";
import { mark } from "../shared/timings.js";
import type { FolderView } from "./folder.js";
import { isLockLeftover } from "./lock.js";
import { MANIFEST_NAME, manifestText, sha256, type Manifest, type ManifestEntry } from "./manifest.js";
import { stageOnThread, StageThread } from "./stage-thread.js";
import { openStaging, stageChunks, stagedFor, stageWithStats } from "./staging.js";
import type { StatHashes } from "../shared/stat-hashes.js";
import { WriteError, type KeptBytes, type PreviousBytes, type Spliced, type StagedFile, type WritePlan, type WriteReport, type WriteTargets } from "./types.js";

/** The error for paths in the way that catalogen may not touch (links, folders where files go), each named once. */
export function refuse(problems: Iterable<string>): WriteError {
  const lines = [...new Set(problems)].sort(compareText);
  return new WriteError(
    `refusing to write: catalogen writes only regular files and real folders inside the output folder\n` +
      `${lines.map((line) => `  ${line}`).join("\n")}\n` +
      "remove or move them, or choose another --out folder",
  );
}

function* textOnly(parts: Iterable<string | KeptBytes>): Generator<string> {
  for (const part of parts) {
    if (typeof part !== "string") throw new Error("a file's parts name bytes of a file it does not replace");
    yield part;
  }
}

/** A part naming bytes of the old file, checked to lie within its `size` bytes. */
function keptRange(path: string, part: KeptBytes, size: number): KeptBytes {
  if (Number.isInteger(part.start) && Number.isInteger(part.end) && 0 <= part.start && part.start <= part.end && part.end <= size) return part;
  throw new Error(`${path}: a part names bytes ${part.start}-${part.end} of a file of ${size}`);
}

function parent(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

export function filesFor(manifest: Manifest | undefined): Map<string, ManifestEntry> {
  return new Map(Object.entries(manifest?.files ?? {}));
}

/**
 * Leftovers of runs that were killed: staging files beside the files catalogen writes (only
 * regular files named after one of `owned`) and lock drafts at the root.
 */
export async function leftovers(view: FolderView, owned: Iterable<string>): Promise<string[]> {
  const names = new Set(owned);
  const dirs = new Set([""]);
  for (const path of names) dirs.add(parent(path));
  const found: string[] = [];
  for (const dir of [...dirs].sort(compareText)) {
    if ((await view.dir(dir)) !== "ok") continue;
    let entries;
    try {
      // Names only: a folder of thousands of files holds few of catalogen's own names, each looked at alone.
      entries = readdirSync(join(view.root, dir));
    } catch {
      continue;
    }
    for (const name of entries) {
      if (!name.includes(".catalogen-")) continue;
      const stem = stagedFor(name);
      if (!((stem !== undefined && names.has(dir === "" ? stem : `${dir}/${stem}`)) || (dir === "" && isLockLeftover(name)))) continue;
      const path = dir === "" ? name : `${dir}/${name}`;
      if (isRegularFile(join(view.root, path))) found.push(path);
    }
  }
  return found.sort(compareText);
}

/** Whether `path` is a regular file (not followed when a link). */
function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/**
 * True when the file at `path` holds content with hash `sha256`: by its size and mtime when the
 * stat records have them with that hash (no promise then: a no-op or one-change run of a large output
 * looks at thousands of kept files), else by reading it. Never follows a link.
 */
export function intact(view: FolderView, stats: StatHashes, path: string, hash: string): boolean | Promise<boolean> {
  const slash = path.lastIndexOf("/");
  if (view.dir(slash === -1 ? "" : path.slice(0, slash)) !== "ok") return false;
  let found;
  try {
    // Synchronous: a promise per stat cost ten times the stat (0.2 s of 4,928 files at 10,000
    // operations). Joined as text: `path` is a safe relative path with `/` (paths.ts), and
    // path.join's normalizing was a measurable part of thousands of looks.
    found = lstatSync(`${view.root}/${path}`, { bigint: true, throwIfNoEntry: false });
  } catch {
    return false;
  }
  if (found === undefined || !found.isFile()) return false;
  if (stats.find(path, found, hash) !== undefined) return true;
  return readAndRecorded(view, stats, path, found, hash);
}

async function readAndRecorded(view: FolderView, stats: StatHashes, path: string, found: BigIntStats, hash: string): Promise<boolean> {
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
 * targets wrote and this one does not produce are removed; other targets' files stay, unless the
 * targets are the whole output (`otherTargets: "remove"`: a target dropped from the config). New content
 * goes to staging files beside their targets as it comes and is renamed into place only when all
 * of it is on disk (a failure before that removes the staging files and the folders made for
 * them). The manifest goes in first, listing old and new files, so a run killed halfway leaves
 * nothing the next run would not recognise as its own.
 */
export class Writing {
  private readonly previous: Map<string, ManifestEntry>;
  private readonly next = new Map<string, ManifestEntry>();
  private readonly unchanged: string[] = [];
  private readonly problems: string[] = [];
  private readonly foreign: string[] = [];
  /** Targets no longer chosen whose files this write removes. */
  private readonly dropped = new Set<string>();
  private readonly staged: StagedFile[] = [];
  private readonly createdFolders: string[] = [];
  /** Folders known to be there for staging files: found real, or made by this write. */
  private readonly readyFolders = new Set<string>();
  /** The worker staging files past the first few (stage-thread.ts), once started. */
  private thread: StageThread | undefined;
  /** The staging files handed to the thread, until it settles (with the entry that waits for its hash, if any). */
  private readonly onThread = new Map<string, ManifestEntry | undefined>();

  constructor(
    private readonly outDir: string,
    private readonly view: FolderView,
    private readonly stats: StatHashes,
    private readonly current: { text?: string; manifest?: Manifest; problem?: string },
    private readonly options: WriteTargets,
    private readonly undoFolder?: () => Promise<void>,
  ) {
    this.previous = filesFor(current.manifest);
    if (current.problem) this.problems.push(current.problem);
    for (const [path, entry] of this.previous) if (this.keepsOther(entry.target)) this.next.set(path, entry);
  }

  /** Whether a file the last run made for `target` stays untouched by this write: another target's, kept. */
  private keepsOther(target: string): boolean {
    return !this.options.targets.includes(target) && this.options.otherTargets !== "remove";
  }

  /**
   * Keeps `path` as the last run wrote it, without its content, when the manifest says it was made
   * by `target` from `from` and it is intact on disk. False: `put` it.
   */
  keep(path: string, target: string, from: string): boolean | Promise<boolean> {
    const entry = this.previous.get(path);
    if (this.options.generatorHash === undefined || this.current.manifest?.generatorHash !== this.options.generatorHash) return false;
    if (entry === undefined || entry.target !== target || entry.from !== from || this.next.has(path)) return false;
    const found = intact(this.view, this.stats, path, entry.sha256);
    if (typeof found === "boolean") return found && this.kept(path, entry);
    return found.then((yes) => yes && !this.next.has(path) && this.kept(path, entry));
  }

  private kept(path: string, entry: ManifestEntry): true {
    this.next.set(path, entry);
    this.unchanged.push(path);
    return true;
  }

  /** The file at `path` is to hold `content` (made by `target`, from inputs with hash `from`). */
  async put(path: string, target: string, text: string, from?: string): Promise<void> {
    // Staged here: one copy of the bytes, hashed and written (the text itself may be tens of MB:
    // openapi.json). On the staging thread: the text, encoded there (and, for the hash, here).
    if (this.thread === undefined && stageOnThread(this.staged.length)) this.thread = StageThread.start();
    if (this.thread !== undefined && !this.previous.has(path) && this.view.file(path).kind === "missing") {
      // A new file where there is none (every file of a cold run): written whatever its hash, which
      // the worker works out as it writes the bytes; its entry gets it when the thread settles.
      const entry: ManifestEntry = { target, sha256: "", ...(from === undefined ? {} : { from }) };
      this.next.set(path, entry);
      return this.stage(path, text, "", entry);
    }
    const content = this.thread ? text : Buffer.from(text);
    const hash = sha256(content);
    this.next.set(path, { target, sha256: hash, ...(from === undefined ? {} : { from }) });
    const entry = this.previous.get(path);
    if (entry?.sha256 === hash && (await intact(this.view, this.stats, path, hash))) {
      this.unchanged.push(path);
      return;
    }
    const found = this.view.file(path);
    if (found.kind === "problem") this.problems.push(found.message);
    else if (found.kind === "file" && found.sha256 === hash) {
      this.unchanged.push(path); // also adopts an unlisted identical file
      const stats = lstatSync(join(this.view.root, path), { bigint: true, throwIfNoEntry: false });
      if (stats?.isFile()) this.stats.record(path, stats, hash);
    } else if (found.kind === "file" && entry === undefined) this.foreign.push(path);
    else await this.stage(path, content, hash);
  }

  /**
   * `put` for a file given as chunks of text (openapi.json of a large catalogue is tens of MB):
   * written to its staging file as they come and hashed on the way, never held whole. The staging
   * file is dropped again when the bytes turn out to be what is there already.
   */
  async putChunks(path: string, target: string, chunks: Iterable<string>, from?: string): Promise<string | undefined> {
    const entry = this.previous.get(path);
    let onDisk: string | undefined;
    if (entry !== undefined && (await intact(this.view, this.stats, path, entry.sha256))) onDisk = entry.sha256;
    else {
      const found = this.view.file(path);
      if (found.kind === "problem") {
        this.problems.push(found.message);
        return undefined;
      }
      if (found.kind === "file") onDisk = found.sha256;
    }
    const final = join(this.view.root, path);
    const hasher = createHash("sha256");
    let temporary: string;
    try {
      this.folderFor(path);
      temporary = stageChunks(final, chunks, (chunk) => hasher.update(chunk));
    } catch (error) {
      return this.failWith(final, error);
    }
    const hash = hasher.digest("hex");
    this.next.set(path, { target, sha256: hash, ...(from === undefined ? {} : { from }) });
    if (onDisk === hash || (onDisk !== undefined && entry === undefined)) {
      rmSync(temporary, { force: true });
      if (onDisk === hash) this.unchanged.push(path);
      else this.foreign.push(path);
      return onDisk === hash ? hash : undefined;
    }
    this.staged.push({ temporary, path, hash });
    return hash;
  }

  /**
   * `putChunks` for a file that may copy byte ranges of the file it replaces: when that file is the
   * one the manifest lists and is intact, `make` is given its hash and size and may give ranges of
   * it among the text (the file is read once, opened without following a link, and used only when
   * its stats are still the ones it was found intact with). Otherwise `make(undefined)` gives only
   * text; when it gives nothing, `chunks()` is written. The parts' hash goes to `written`.
   */
  async putSpliced(path: string, target: string, make: (previous: PreviousBytes | undefined) => Spliced | undefined, chunks: () => Iterable<string>, from?: string): Promise<void> {
    const entry = this.previous.get(path);
    const old = entry !== undefined && (await intact(this.view, this.stats, path, entry.sha256)) ? this.openIntact(path, entry.sha256) : undefined;
    const spliced = make(old === undefined ? undefined : { sha256: entry!.sha256, size: old.size });
    if (spliced === undefined || old === undefined) {
      if (old !== undefined) closeSync(old.fd);
      if (spliced === undefined) await this.putChunks(path, target, chunks(), from);
      else await this.putText(path, target, spliced, from);
      return;
    }
    const final = join(this.view.root, path);
    const staging = await this.stagingFor(path, final, old.fd);
    let copied: { sha256: string; size: number } | Unread;
    try {
      copied = await copySpliced(path, old, staging.fd, spliced.parts);
    } catch (error) {
      closeSync(staging.fd);
      rmSync(staging.path, { force: true });
      return this.failWith(final, error);
    } finally {
      closeSync(old.fd);
    }
    closeSync(staging.fd);
    if (copied instanceof Unread) {
      // It could not be read as it was found: made without its bytes.
      rmSync(staging.path, { force: true });
      return this.putText(path, target, make(undefined)!, from);
    }
    const { sha256: hash, size } = copied;
    this.next.set(path, { target, sha256: hash, ...(from === undefined ? {} : { from }) });
    if (hash === entry!.sha256) {
      rmSync(staging.path, { force: true });
      this.unchanged.push(path);
    } else this.staged.push({ temporary: staging.path, path, hash, size });
    spliced.written(hash);
    mark(`${path} spliced`);
  }

  /** Writes a spliced file made of text alone (no bytes of an old file) and gives it the hash written. */
  private async putText(path: string, target: string, spliced: Spliced, from: string | undefined): Promise<void> {
    const hash = await this.putChunks(path, target, textOnly(spliced.parts), from);
    if (hash !== undefined) spliced.written(hash);
  }

  /** The file at `path`, found intact with hash `hash`, opened when its stats are still those (never through a link): its descriptor and size. */
  private openIntact(path: string, hash: string): { fd: number; size: number } | undefined {
    let fd: number;
    try {
      fd = openSync(join(this.view.root, path), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      return undefined;
    }
    try {
      const stats = fstatSync(fd, { bigint: true });
      if (stats.isFile() && this.stats.find(path, stats, hash) !== undefined) return { fd, size: Number(stats.size) };
    } catch {
      // not usable: closed below
    }
    closeSync(fd);
    return undefined;
  }

  /**
   * A staging file for `path` (at `final`), its folder made first. When either fails, the old file
   * it splices from (open at `oldFd`) is closed and the write fails, as any failed write does.
   */
  private async stagingFor(path: string, final: string, oldFd: number): Promise<{ path: string; fd: number }> {
    try {
      this.folderFor(path);
      return openStaging(final);
    } catch (error) {
      closeSync(oldFd);
      return this.failWith(final, error);
    }
  }

  /**
   * Makes the folder `path` goes in, once per folder, when the view found it missing (one that is
   * there was checked to be a real folder; one in the way is a problem and never reaches here).
   */
  private folderFor(path: string): void {
    const folder = parent(path);
    if (this.readyFolders.has(folder)) return;
    const state = this.view.dir(folder);
    if (state === "missing") {
      const made = mkdirSync(join(this.view.root, folder), { recursive: true });
      if (made !== undefined) this.createdFolders.push(made);
    } else if (state !== "ok") throw new WriteError(state.problem);
    this.readyFolders.add(folder);
  }

  /**
   * Stages `content` beside its final path: on the staging thread once it runs (one worker, files
   * one after the other, synchronously there), else on this thread. Not the thread pool: up to 16
   * writes under way there cost more system time than they saved where both cores are busy
   * (BENCHMARKS.md, issue 26 fifth pass: at 1,000 operations cold, 1.31–1.42 s against 1.41–1.47 s).
   * `unhashed`: the manifest entry that waits for the hash the worker works out.
   */
  private async stage(path: string, content: Buffer | string, hash: string, unhashed?: ManifestEntry): Promise<void> {
    const final = join(this.view.root, path);
    try {
      this.folderFor(path);
      if (this.thread && typeof content === "string") {
        const temporary = this.thread.stage(final, content, unhashed !== undefined);
        this.onThread.set(temporary, unhashed);
        this.staged.push({ temporary, path, hash });
      } else this.staged.push({ ...stageWithStats(final, content), path, hash });
    } catch (error) {
      return this.failWith(final, error);
    }
  }

  /**
   * Waits for the staging thread, if one was started: each of its files gets its stats. When one
   * could not be written, the files after it were never made and are dropped from what is staged,
   * and the failure is returned (the caller undoes the rest).
   */
  private async settleThread(): Promise<{ final: string; message: string } | undefined> {
    const thread = this.thread;
    if (thread === undefined) return undefined;
    this.thread = undefined;
    const { created, failed } = await thread.settle();
    const kept: StagedFile[] = [];
    for (const file of this.staged) {
      const made = created.get(file.temporary);
      if (!this.onThread.has(file.temporary)) kept.push(file);
      else if (made !== undefined) {
        const { sha256: hash, ...stats } = made;
        const entry = this.onThread.get(file.temporary);
        if (entry !== undefined) entry.sha256 = hash!;
        kept.push({ ...file, hash: hash ?? file.hash, stats });
      } else if (failed === undefined) throw new Error(`the staging thread did not report ${file.temporary}`);
    }
    this.onThread.clear();
    this.staged.splice(0, this.staged.length, ...kept);
    return failed && { final: failed.temporary.replace(/\.catalogen-[0-9a-f]{16}\.tmp$/, ""), message: failed.message };
  }

  /** Undoes everything this write staged, then throws why `final` could not be written. */
  private async failWith(final: string, error: unknown): Promise<never> {
    await this.abort();
    throw new WriteError(`cannot write ${final}: ${(error as Error).message}; nothing in ${this.view.root} was changed`, { cause: error });
  }

  /** Removes what this write staged and the folders it made for it: the folder is as it was. */
  async abort(): Promise<void> {
    await this.settleThread(); // the worker stopped, and which of its files exist known
    for (const { temporary } of this.staged.splice(0)) rmSync(temporary, { force: true });
    for (const folder of this.createdFolders.splice(0).reverse()) rmSync(folder, { recursive: true, force: true });
    this.readyFolders.clear();
    await this.undoFolder?.();
  }

  /**
   * The plan: what the files given leave behind (files no longer made, leftovers of killed runs)
   * and the manifest before, during and after. Throws, having aborted, when anything in the way is
   * not catalogen's to touch.
   */
  async plan(): Promise<WritePlan> {
    const failed = await this.settleThread();
    if (failed !== undefined) return this.failWith(failed.final, new Error(failed.message));
    const { view, previous, next, options } = this;
    const remove: string[] = [];
    for (const [path, entry] of previous) {
      if (this.keepsOther(entry.target) || next.has(path)) continue;
      const found = await view.file(path);
      if (found.kind === "problem") this.problems.push(found.message);
      else if (found.kind === "file") remove.push(path);
      if (found.kind === "file" && !options.targets.includes(entry.target)) this.dropped.add(entry.target);
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
    const during = (): Map<string, ManifestEntry> => {
      const files = new Map(next);
      for (const path of remove) files.set(path, previous.get(path)!);
      return files;
    };
    const final = manifestText(options.inputHash, Object.fromEntries(next), options.generatorHash);
    return {
      write: [...this.staged].sort((a, b) => compareText(a.path, b.path)),
      // Array.prototype.sort's own order of strings is compareText's (UTF-16 code units), without a call per comparison.
      keep: [...this.unchanged].sort(),
      remove: remove.sort(compareText),
      leftovers: await leftovers(view, [MANIFEST_NAME, ...previous.keys(), ...next.keys()]),
      manifest: {
        current: this.current.text,
        // The same files when none is removed: printed once (about 5,000 entries at 10,000 operations).
        during: remove.length === 0 ? final : manifestText(options.inputHash, Object.fromEntries(during()), options.generatorHash),
        final,
      },
      files: next,
    };
  }

  /** Plans, then applies the plan (apply.ts). */
  async finish(): Promise<WriteReport> {
    const plan = await this.plan();
    mark("write planned");
    this.staged.length = 0; // the plan's now: applying removes them if it fails
    const report = await applyPlan(this.view.root, plan, this.stats, () => this.abortFor(plan));
    return this.dropped.size === 0 ? report : { ...report, droppedTargets: [...this.dropped].sort(compareText) };
  }

  /** Nothing was changed yet: the plan's staged files, and the folders made for them, go. */
  private async abortFor(plan: WritePlan): Promise<void> {
    this.staged.push(...plan.write);
    await this.abort();
  }
}

/** The old file ended before a range its parts name: the file is made again without its bytes. */
export class Unread {}

/** How much of a spliced file is gathered before it is hashed and written: reused, so no file is ever held whole. */
const SPLICE_BUFFER = 1 << 20;

/**
 * Writes `parts` (text, and ranges of the old file open at `old`) to the staging file open at
 * `to`, through two buffers of SPLICE_BUFFER bytes (the old bytes read straight into one, the text
 * encoded into it), each hashed here and written on the thread pool while the other fills. At
 * 10,000 operations openapi.json is 45 MB: read whole, the old file's buffer and the parts'
 * copies cost a collection of their own.
 */
export async function copySpliced(path: string, old: { fd: number; size: number }, to: number, parts: Iterable<string | KeptBytes>): Promise<{ sha256: string; size: number } | Unread> {
  const buffers = [Buffer.allocUnsafe(SPLICE_BUFFER), Buffer.allocUnsafe(SPLICE_BUFFER)] as const;
  let buffer = buffers[0];
  const hasher = createHash("sha256");
  let filled = 0;
  let size = 0;
  // At most one write on the thread pool: the buffer it writes is the one not filling.
  let writing: Promise<void> | undefined;
  const write = async (bytes: Buffer): Promise<void> => {
    hasher.update(bytes);
    await writing;
    writing = writeAll(to, bytes);
    size += bytes.length;
  };
  const flush = async (): Promise<void> => {
    if (filled === 0) return;
    await write(buffer.subarray(0, filled));
    buffer = buffer === buffers[0] ? buffers[1] : buffers[0];
    filled = 0;
  };
  try {
    for (const part of parts) {
      if (typeof part === "string") {
        // At most 3 bytes a UTF-16 unit: a text that may not fit what is left goes after a flush.
        if (part.length * 3 > SPLICE_BUFFER - filled) await flush();
        if (part.length * 3 <= SPLICE_BUFFER) filled += buffer.write(part, filled);
        else await write(Buffer.from(part));
        continue;
      }
      const { start, end } = keptRange(path, part, old.size);
      for (let at = start; at < end; ) {
        if (filled === SPLICE_BUFFER) await flush();
        const read = readSync(old.fd, buffer, filled, Math.min(end - at, SPLICE_BUFFER - filled), at);
        if (read === 0) return new Unread();
        filled += read;
        at += read;
      }
    }
    await flush();
    await writing;
  } finally {
    // Never left writing to a descriptor the caller closes.
    await writing?.catch(() => undefined);
  }
  return { sha256: hasher.digest("hex"), size };
}

const writeAt = promisify(write);

/** Writes all of `bytes` at the current position of the file open at `fd`, on the thread pool. */
async function writeAll(fd: number, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length; ) {
    const { bytesWritten } = await writeAt(fd, bytes, at, bytes.length - at, null);
    if (bytesWritten === 0) throw new Error(`wrote ${at} of ${bytes.length} bytes`);
    at += bytesWritten;
  }
}
