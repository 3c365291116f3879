// One packed tarball for every test file that installs catalogen as a consumer gets it, packed once
// per state of what the package ships (bin/, dist/, templates/, docs/, package.json, README.md): test
// files run in separate workers, so the first to ask packs it under a lock folder and the rest wait
// for it, and a later run with the same build reuses it.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "./generate.js";
import { packTarball } from "./pack.js";

const SHIPPED = ["bin", "dist", "templates", "docs", "package.json", "README.md", "LICENSE"];
const STALE_LOCK_MS = 10 * 60_000;

/** The tarball of this checkout as it is built now; packs it only when no test file has yet. */
export async function sharedTarball(): Promise<string> {
  const base = join(repoRoot, ".tmp/pack-shared");
  const key = await shippedStateKey();
  const ready = join(base, key);
  const lock = join(base, `${key}.lock`);
  await mkdir(base, { recursive: true });
  for (;;) {
    const tarball = await tarballIn(ready);
    if (tarball) return tarball;
    try {
      await mkdir(lock);
    } catch {
      // Another file packs it; a lock left by a killed run is taken over.
      const age = Date.now() - (await stat(lock).then((info) => info.mtimeMs, () => Date.now()));
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      await new Promise((wait) => setTimeout(wait, 500));
      continue;
    }
    try {
      const staging = join(base, `${key}.staging`);
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging);
      await packTarball(staging);
      await rename(staging, ready);
      // Tarballs of earlier builds are not asked for again.
      for (const name of await readdir(base)) if (!name.startsWith(key)) await rm(join(base, name), { recursive: true, force: true });
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

async function tarballIn(dir: string): Promise<string | undefined> {
  if (!existsSync(dir)) return undefined;
  const name = (await readdir(dir)).find((file) => file.endsWith(".tgz"));
  return name === undefined ? undefined : join(dir, name);
}

/** Every shipped file's path, size and mtime, hashed: a rebuild or an edit gives a new key. */
async function shippedStateKey(): Promise<string> {
  const hash = createHash("sha256");
  const visit = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => undefined);
    if (!info) return;
    if (info.isDirectory()) {
      for (const name of (await readdir(path)).sort()) await visit(join(path, name));
      return;
    }
    hash.update(`${path}\0${info.size}\0${info.mtimeMs}\n`);
  };
  for (const entry of SHIPPED) await visit(join(repoRoot, entry));
  return hash.digest("hex").slice(0, 16);
}
