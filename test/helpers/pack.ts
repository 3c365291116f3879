// catalogen as a consumer gets it: the packed tarball, installed into an empty project outside this
// repository (test/package/*). Packing uses the dist/ the test suite runs against (--ignore-scripts:
// `prepack` would rebuild it under the other tests).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./generate.js";

export const run = promisify(execFile);

export interface Packed {
  /** The .tgz file's absolute path. */
  tarball: string;
  /** The paths the tarball holds, as `npm pack --json` lists them. */
  files: string[];
}

/** `npm pack` of this repository into `dir`. */
export async function packTarball(dir: string): Promise<Packed> {
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], { cwd: repoRoot, maxBuffer: 1 << 26 });
  const [pack] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(dir, pack!.filename), files: pack!.files.map((file) => file.path) };
}

/**
 * An empty ES module project at `dir` with `npm i -D <tarball> ...extra` run in it (extra: the
 * optional peers a test needs, as a user would add them). Answers npm's stderr.
 */
export async function installPacked(dir: string, tarball: string, extra: string[] = []): Promise<{ stderr: string }> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "package.json"), `${JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }, null, 2)}\n`);
  const { stderr } = await run("npm", ["install", "-D", tarball, ...extra, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir, maxBuffer: 1 << 26 });
  return { stderr };
}

/** The version of `name` this repository has installed (to install the same one into a consumer from npm's cache). */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}
