// Staging files: new content is written beside its final path under a random name, created
// exclusively (so nothing already there, a planted symbolic link included, is ever written
// through), and renamed into place once everything is on disk. Every write is synchronous: a file
// written and awaited at once spends its time waiting for the thread pool (three round trips a
// file), and writes left running on the thread pool cost more system time than they save on two
// busy cores.
import { randomUUID } from "node:crypto";
import { closeSync, fstatSync, openSync, rmSync, writeFileSync } from "node:fs";
import type { FileStats } from "../shared/stat-hashes.js";

/**
 * 64 fresh random bits as 16 hex digits. From randomUUID, whose random source Node draws in
 * batches: one call to the system's random source per name was a measurable part of writing a
 * thousand small files. A version-4 UUID's first 8 and last 12 hex digits are all random.
 */
export function randomName(): string {
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(28);
}

/** `<final>.catalogen-<16 hex>.tmp`; also the `<final>.catalogen-<pid>.tmp` of versions before. */
const STAGING = /^(.+)\.catalogen-(?:[0-9a-f]{16}|\d+)\.tmp$/;

/** The final name a staging file was for, or undefined when `name` is not a staging name. */
export function stagedFor(name: string): string | undefined {
  return STAGING.exec(name)?.[1];
}

/** Writes `content` to a new staging file beside `final` and returns its path. */
export function stage(final: string, content: string | Buffer): string {
  return newStagingFile(final, (fd) => writeFileSync(fd, content));
}

/**
 * `stage`, also giving the file's size, mtime and inode as it was closed (for the stat records:
 * renaming it into place changes none of them, and a look at the final path afterwards would be
 * one more call).
 */
export function stageWithStats(final: string, content: string | Buffer): { temporary: string; stats: FileStats } {
  let stats: FileStats | undefined;
  const temporary = newStagingFile(final, (fd) => {
    writeFileSync(fd, content);
    const found = fstatSync(fd, { bigint: true });
    stats = { size: Number(found.size), mtimeNs: found.mtimeNs, ino: found.ino };
  });
  return { temporary, stats: stats! };
}

/**
 * Writes `chunks` to a new staging file beside `final`, passing each to `seen` as it goes (for a
 * file too large to hold as one text), and returns the staging file's path.
 */
export function stageChunks(final: string, chunks: Iterable<string>, seen: (chunk: string) => void): string {
  return newStagingFile(final, (fd) => {
    let pending: string[] = [];
    let size = 0;
    for (const chunk of chunks) {
      seen(chunk);
      pending.push(chunk);
      size += chunk.length;
      if (size >= 1 << 20) {
        // writeFileSync, not writeSync: it writes everything or fails (write may stop short, e.g.
        // at a file size limit, and say so only in its count).
        writeFileSync(fd, pending.join(""));
        pending = [];
        size = 0;
      }
    }
    writeFileSync(fd, pending.join(""));
  });
}

/** A new staging file beside `final`, open for writing (for a caller that writes it on the thread pool: src/write/plan.ts `putSpliced`). */
export function openStaging(final: string): { path: string; fd: number } {
  const path = `${final}.catalogen-${randomName()}.tmp`;
  return { path, fd: openSync(path, "wx") };
}

/** Creates a staging file beside `final`, lets `write` fill it, and returns its path; removes it if writing fails. */
function newStagingFile(final: string, write: (fd: number) => void): string {
  const path = `${final}.catalogen-${randomName()}.tmp`;
  const fd = openSync(path, "wx");
  try {
    write(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(path, { force: true }); // created above, so ours to remove
    throw error;
  }
  closeSync(fd);
  return path;
}
