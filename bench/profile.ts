// Profiles one `generate` (all targets) with node --cpu-prof and prints where the time goes:
// self time by package or source folder, and the top functions. Default: a cold generate with no
// prettier cache; --change: a regenerate after one operation changed, with a warm cache.
//   node bench/main.mjs profile [--catalogue DIR] [--change] [--top N]
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { changeOneOperation } from "./lib/catalogues.js";
import { findRepoRoot } from "./lib/measure.js";

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = findRepoRoot();
const { values } = parseArgs({ options: { catalogue: { type: "string" }, top: { type: "string" }, change: { type: "boolean" } } });
const work = join(root, ".tmp/bench/profile");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const catalogue = join(work, "catalogue");
cpSync(values.catalogue ?? join(root, "catalogue"), catalogue, { recursive: true });
const generate = (profileDir?: string) =>
  execFileSync(
    process.execPath,
    [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), join(root, "bin/catalogen.js"), "generate", "--catalogue", catalogue, "--out", join(work, "out")],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CATALOGEN_CACHE_DIR: values.change ? join(work, "cache") : "off" } },
  );
if (values.change) {
  generate();
  changeOneOperation(catalogue, 1);
}
const profileDir = join(work, "profile");
generate(profileDir);
const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"))!;
const profile = JSON.parse(readFileSync(join(profileDir, file), "utf8")) as CpuProfile;
console.log(summarise(profile, Number(values.top ?? 25)));

/** Self time per bucket (package or repo folder) and per function, in ms. */
export function summarise(profile: CpuProfile, top: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    total += ms;
    add(buckets, bucketOf(frame.url), ms);
    add(functions, `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`, ms);
  }
  const lines = [`total sampled: ${total.toFixed(0)} ms`, "", "self time by package / folder:"];
  for (const [name, ms] of sortDesc(buckets).slice(0, top)) lines.push(`  ${ms.toFixed(0).padStart(7)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`);
  lines.push("", "top functions by self time:");
  for (const [name, ms] of sortDesc(functions).slice(0, top)) lines.push(`  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
  return lines.join("\n");
}

function add(map: Map<string, number>, key: string, ms: number): void {
  map.set(key, (map.get(key) ?? 0) + ms);
}

function sortDesc(map: Map<string, number>): [string, number][] {
  return [...map].sort((a, b) => b[1] - a[1]);
}

function shortUrl(url: string): string {
  return url.replace(`file://${root}/`, "");
}

function bucketOf(url: string): string {
  if (!url) return "(native / gc / idle)";
  if (url.startsWith("node:")) return "node internals";
  const short = shortUrl(url);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(short);
  if (pkg) return pkg[1]!;
  return short.split("/").slice(0, 3).join("/");
}
