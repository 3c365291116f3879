// Staging files: new content is written beside its final path under a random name, created
// exclusively (so nothing already there, a planted symbolic link included, is ever written
// through), and renamed into place once everything is on disk.
import { randomBytes } from "node:crypto";
import { open, rm, type FileHandle } from "node:fs/promises";

export function randomName(): string {
  return randomBytes(8).toString("hex");
}

/** `<final>.catalogen-<16 hex>.tmp`; also the `<final>.catalogen-<pid>.tmp` of versions before. */
const STAGING = /^(.+)\.catalogen-(?:[0-9a-f]{16}|\d+)\.tmp$/;

/** The final name a staging file was for, or undefined when `name` is not a staging name. */
export function stagedFor(name: string): string | undefined {
  return STAGING.exec(name)?.[1];
}

/** Writes `content` to a new staging file beside `final` and returns its path. */
export function stage(final: string, content: string | Buffer): Promise<string> {
  return newStagingFile(final, (handle) => handle.writeFile(content));
}

/**
 * Writes `chunks` to a new staging file beside `final`, passing each to `seen` as it goes (for a
 * file too large to hold as one text), and returns the staging file's path.
 */
export function stageChunks(final: string, chunks: Iterable<string>, seen: (chunk: string) => void): Promise<string> {
  return newStagingFile(final, async (handle) => {
    let pending: string[] = [];
    let size = 0;
    for (const chunk of chunks) {
      seen(chunk);
      pending.push(chunk);
      size += chunk.length;
      if (size >= 1 << 20) {
        // writeFile, not write: it writes everything or fails (write may stop short, e.g. at a
        // file size limit, and say so only in its count).
        await handle.writeFile(pending.join(""));
        pending = [];
        size = 0;
      }
    }
    await handle.writeFile(pending.join(""));
  });
}

/** Creates a staging file beside `final`, lets `write` fill it, and returns its path; removes it if writing fails. */
async function newStagingFile(final: string, write: (handle: FileHandle) => Promise<void>): Promise<string> {
  const path = `${final}.catalogen-${randomName()}.tmp`;
  const handle = await open(path, "wx");
  try {
    await write(handle);
  } catch (error) {
    await handle.close();
    await rm(path, { force: true }); // created above, so ours to remove
    throw error;
  }
  await handle.close();
  return path;
}
