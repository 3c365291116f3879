// Temporary folders of a test file, removed when the file has finished (test/helpers/cleanup.ts,
// a vitest setup file, registers the afterAll that calls removeTempDirs).
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

/** mkdtemp(join(base, `${prefix}-`)) (base: the system's temporary folder), removed after the file's tests. */
export async function tempDir(prefix: string, base = tmpdir()): Promise<string> {
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(join(base, `${prefix}-`));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  const dirs = made.splice(0);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 3 })));
}
