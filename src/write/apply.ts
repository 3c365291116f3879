// The second step of a write: carries out a WritePlan (types.ts). Everything that changes the
// output folder happens here (but finishing a killed run's commit: journal.ts), in an order that
// a run killed at any point can recover from: the leftovers of killed runs go, the manifest lists
// old and new files, the journal records the commit, staged files are renamed into place, files
// no longer made are removed (with folders left empty), the manifest is final, the journal goes.
// A run killed after the journal is in is finished by the next one.
// Synchronous file system calls: one rename per file (and an lstat where staging did not say what
// the file's stats are), each a wait for the thread pool through promises, with nothing to do
// meanwhile.
import { linkSync, lstatSync, mkdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { removeEmptyParents, removeJournal, writeJournal } from "./journal.js";
import { MANIFEST_NAME } from "./manifest.js";
import { isSafeOutputPath } from "./paths.js";
import { randomName, stage } from "./staging.js";
import type { StatHashes } from "../shared/stat-hashes.js";
import { WriteError, type WritePlan, type WriteReport } from "./types.js";

/**
 * Applies `plan` to the output folder whose real path is `root`. When the first change (the
 * manifest) fails, `undo` takes back what planning made (staged files, folders) and the folder is
 * as it was; when putting a file in place fails, the journal and the rest of the staged files are
 * removed and the next run makes the files again; when the run is killed after the journal is in,
 * the next run finishes the commit from it (journal.ts). The report lists what changed.
 */
export async function applyPlan(root: string, plan: WritePlan, stats: StatHashes, undo: () => Promise<void>): Promise<WriteReport> {
  const inside = (path: string): string => {
    if (!isSafeOutputPath(path)) throw new WriteError(`refusing to write ${path}: not a path inside the output folder`);
    return join(root, path);
  };
  const report: WriteReport = { written: [], unchanged: [...plan.keep], removed: [] };
  const pending = [...plan.write];
  const freeing: Promise<void>[] = [];
  /** Once the journal is in: the final manifest's staging file, if any. */
  let journalled: { manifest?: string } | undefined;
  try {
    const ours = new Set(pending.map(({ temporary }) => temporary));
    for (const path of plan.leftovers) {
      const full = inside(path);
      if (!ours.has(full)) rmSync(full, { force: true });
    }
    if (pending.length === 0 && plan.remove.length === 0 && plan.manifest.current === plan.manifest.final) {
      stats.save(plan.files.keys());
      return report;
    }
    if (plan.manifest.current !== plan.manifest.during) {
      try {
        replaceFile(root, MANIFEST_NAME, plan.manifest.during);
      } catch (error) {
        pending.length = 0;
        await undo();
        throw error;
      }
    }
    // The final manifest staged and the commit journalled: from here on the commit is the next run's to finish.
    const manifest = plan.manifest.final !== plan.manifest.during ? stageManifest(root, plan.manifest.final) : undefined;
    const relative = (full: string) => full.slice(root.length + 1);
    try {
      writeJournal(root, {
        renames: [...pending.map(({ temporary, path }): [string, string] => [relative(temporary), path]), ...(manifest ? [[relative(manifest), MANIFEST_NAME] as [string, string]] : [])],
        remove: plan.remove,
      });
    } catch (error) {
      if (manifest !== undefined) rmSync(manifest, { force: true });
      throw new WriteError(`cannot write the commit journal in ${root}: ${(error as Error).message}; run generate again`, { cause: error });
    }
    journalled = manifest === undefined ? {} : { manifest };
    while (pending.length > 0) {
      const { temporary, path, hash, stats: staged } = pending[0]!;
      const final = inside(path);
      // The file a large one replaces is freed on the thread pool (renamed over, its pages and
      // blocks are freed in the rename: 30-40 ms for openapi.json's 45 MB at 10,000 operations).
      const old = (pending[0]!.size ?? 0) >= freeAside.from ? keptAside(final) : undefined;
      try {
        renameSync(temporary, final);
      } catch (error) {
        if (old !== undefined) rmSync(old, { force: true });
        throw new WriteError(`cannot put ${final} in place: ${(error as Error).message}; run generate again`, { cause: error });
      }
      pending.shift();
      if (old !== undefined) freeing.push(rm(old, { force: true }).catch(() => undefined));
      report.written.push(path);
      if (staged !== undefined) stats.record(path, staged, hash);
      else {
        const found = lstatOrUndefined(final);
        if (found?.isFile()) stats.record(path, found, hash);
      }
    }
  } finally {
    if (pending.length > 0) {
      // A rename failed: the journal goes first, so that it never names staging files that are gone.
      if (journalled !== undefined) removeJournal(root);
      if (journalled?.manifest !== undefined) rmSync(journalled.manifest, { force: true });
      for (const file of pending) rmSync(file.temporary, { force: true });
    }
  }
  for (const path of plan.remove) {
    const final = inside(path);
    rmSync(final, { force: true });
    report.removed.push(path);
    removeEmptyParents(root, dirname(final));
  }
  if (journalled?.manifest !== undefined) renameSync(journalled.manifest, join(root, MANIFEST_NAME));
  if (journalled !== undefined) removeJournal(root);
  stats.save(plan.files.keys());
  await Promise.all(freeing);
  return report;
}

/** From this size (bytes) on, a file being replaced is freed on the thread pool (keptAside); a test may lower it. */
export const freeAside = { from: 4 * 2 ** 20 };

/**
 * A second name for `final` (a staging name: a run killed before it is removed leaves a leftover
 * the next run removes), so that renaming over `final` does not free its bytes; undefined when
 * there is nothing to link or the file system will not.
 */
function keptAside(final: string): string | undefined {
  const aside = `${final}.catalogen-${randomName()}.tmp`;
  try {
    linkSync(final, aside);
    return aside;
  } catch {
    return undefined;
  }
}

/** Stages `content` beside `root/path`, then renames it into place; a failure leaves the file as it was. */
function replaceFile(root: string, path: string, content: string): void {
  const final = join(root, path);
  let temporary: string | undefined;
  try {
    try {
      mkdirSync(dirname(final), { recursive: true });
      temporary = stage(final, content);
    } catch (error) {
      throw new WriteError(`cannot write ${final}: ${(error as Error).message}; nothing in ${root} was changed`, { cause: error });
    }
    try {
      renameSync(temporary, final);
      temporary = undefined;
    } catch (error) {
      throw new WriteError(`cannot put ${final} in place: ${(error as Error).message}; run generate again`, { cause: error });
    }
  } finally {
    if (temporary !== undefined) rmSync(temporary, { force: true });
  }
}

/** The final manifest staged beside the manifest (renamed into place last). */
function stageManifest(root: string, content: string): string {
  try {
    return stage(join(root, MANIFEST_NAME), content);
  } catch (error) {
    throw new WriteError(`cannot write ${join(root, MANIFEST_NAME)}: ${(error as Error).message}; run generate again`, { cause: error });
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
