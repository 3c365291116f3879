// The many-modules workload of bench:peers: the repository's catalogue scaled to N operations
// (bench/lib/catalogues.ts: the real files plus copies of every module, about 18 typed operations
// each; 545 catalogue files and 5,467 output files at 10,000). catalogen generates all four targets;
// the peers generate a client from our OpenAPI export of the same operations.
// Rounds interleave the tools, A B C A B C: catalogen before (with --before), catalogen, each peer.
// Then "one changed summary": getDiscrepancies' summary edited, each catalogen build regenerating
// into its own output and cache, the whole command timed. Then tsc and the bundle of each output.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleOneOperation } from "../../test/helpers/bundle.js";
import { bundleSize, ourEntry } from "../lib/bundle.js";
import { changeOneOperation, writeBenchCatalogue } from "../lib/catalogues.js";
import { load1 } from "../lib/env.js";
import { folderSize, listFiles, setAside } from "../lib/files.js";
import { ensureOk, measure, median, medianOf, type Measured } from "../lib/measure.js";
import { failureSummary, type PeerSizeResult, type Timing, type ToolFigures } from "../lib/results.js";
import { typecheckFiles } from "../lib/tsc.js";
import { runPeer, type Peer } from "./tools.js";

/** A catalogen to time: with --before an earlier built copy first, then the current build. */
export interface Build {
  id: "catalogen" | "before";
  label: string;
  /** Its bin/catalogen.js. */
  bin: string;
  commit?: string;
}

export interface SizeSetup {
  root: string;
  peersRoot: string;
  builds: Build[];
  peers: Peer[];
  rounds: number;
  log: (text: string) => void;
  versionOf: (name: string) => string;
}

export const WORKLOAD = "many modules";
const REAL = "the repository's catalogue";
const FOUR = "client, server, docs, OpenAPI";

function timing(runs: Measured[]): Timing {
  return { wallMs: median(runs.map((run) => run.wallMs)), rssMiB: medianOf(runs.map((run) => run.rssMiB)), runs: runs.length };
}

function failure(run: Measured): string {
  return `exit ${run.code ?? "by signal"}: ${failureSummary(`${run.stderr}\n${run.stdout}`)}`;
}

export async function benchSize(operations: number, setup: SizeSetup): Promise<PeerSizeResult> {
  const { root, peersRoot, builds, peers, rounds, log } = setup;
  const work = join(peersRoot, ".work", String(operations));
  setAside(work);
  mkdirSync(work, { recursive: true });
  const catalogue = join(root, ".tmp/bench/catalogues", String(operations));
  writeBenchCatalogue(join(root, "catalogue"), operations, catalogue);
  const current = builds.find((build) => build.id === "catalogen")!;
  const specDir = join(work, "spec");
  ensureOk(await measure(process.execPath, [current.bin, "generate", "--target", "openapi", "--catalogue", catalogue, "--out", specDir]), "OpenAPI export");
  const spec = join(specDir, "openapi.json");

  const outOf = (build: Build) => join(work, build.id);
  const generate = (build: Build) =>
    measure(process.execPath, [build.bin, "generate", "--catalogue", catalogue, "--out", outOf(build)], { env: { ...process.env, CATALOGEN_CACHE_DIR: join(work, `${build.id}-cache`) } });
  const runs = new Map<string, Measured[]>([...builds, ...peers].map((tool): [string, Measured[]] => [tool.id, []]));
  const errors = new Map<string, string>();
  const last = (id: string) => (runs.get(id)!.at(-1) ? `${Math.round(runs.get(id)!.at(-1)!.wallMs)} ms` : "-");

  for (let round = 0; round < rounds; round++) {
    for (const build of builds) {
      if (errors.has(build.id)) continue;
      setAside(outOf(build));
      setAside(join(work, `${build.id}-cache`));
      const run = await generate(build);
      if (run.code !== 0) errors.set(build.id, failure(run));
      else runs.get(build.id)!.push(run);
    }
    for (const peer of peers) {
      if (errors.has(peer.id)) continue;
      const { run, error } = await runPeer(peer, spec, work, 900_000);
      if (error) errors.set(peer.id, error);
      else runs.get(peer.id)!.push(run);
    }
    log(`${operations} ops, round ${round + 1}/${rounds}: ${[...runs.keys()].map((id) => `${id} ${last(id)}`).join(", ")} (load ${load1().toFixed(2)})`);
  }

  // One changed summary: each round edits the shared catalogue once, then each build regenerates
  // against the output and cache its last cold run left, so every build sees the same one change.
  const changed = new Map<string, Measured[]>(builds.map((build) => [build.id, []]));
  for (let round = 0; round < Math.max(3, rounds); round++) {
    changeOneOperation(catalogue, round + 1);
    for (const build of builds) {
      if (errors.has(build.id) || errors.has(`${build.id} change`)) continue;
      const run = await generate(build);
      if (run.code !== 0) {
        errors.set(`${build.id} change`, failure(run));
        log(`${build.id}: the run after one changed summary failed: ${failure(run)}`);
      } else changed.get(build.id)!.push(run);
    }
    log(`${operations} ops, one changed summary ${round + 1}: ${builds.map((build) => `${build.id} ${changed.get(build.id)!.at(-1) ? Math.round(changed.get(build.id)!.at(-1)!.wallMs) : "-"} ms`).join(", ")} (load ${load1().toFixed(2)})`);
  }

  // Type-check each tool's output (ours: the client of the current build), also interleaved.
  const ourClient = join(outOf(current), "client");
  const tscInputs = new Map<string, string[]>();
  if (!errors.has("catalogen")) {
    tscInputs.set("catalogen", [...listFiles(ourClient).filter((path) => path.endsWith(".ts")), writeEntry(join(work, "catalogen-use"), ourEntry(ourClient))]);
  }
  for (const peer of peers) {
    if (errors.has(peer.id)) continue;
    const out = join(work, peer.id);
    const files = listFiles(out).filter((path) => /\.(ts|tsx)$/.test(path));
    const entry = peer.entry?.(out);
    tscInputs.set(peer.id, entry ? [...files, writeEntry(join(work, `${peer.id}-use`), entry)] : files);
  }
  const tscRuns = new Map<string, (Measured & { errors: number })[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [id, files] of tscInputs) {
      const run = await typecheckFiles(files, join(work, `${id}-tsc`), { allowImportingTsExtensions: true });
      if (round === 0 && run.errors > 0) log(`${id}: tsc reported ${run.errors} errors, e.g. ${run.stdout.split("\n")[0]}`);
      tscRuns.set(id, [...(tscRuns.get(id) ?? []), run]);
    }
  }

  const figures = (id: string, tool: string, generates: string, out: string): ToolFigures => {
    const error = errors.get(id);
    if (error) return { tool, generates, error };
    const tsc = tscRuns.get(id);
    const change = changed.get(id);
    return {
      tool,
      generates,
      generate: timing(runs.get(id)!),
      ...(change && change.length > 0 && { oneChanged: timing(change) }),
      outputBytes: folderSize(out).bytes,
      ...(tsc && { tsc: { ...timing(tsc), errors: tsc[0]!.errors } }),
    };
  };
  // Output size: our client/ folder only, like for like with the peers' clients.
  const ours = figures("catalogen", current.label, FOUR, ourClient);
  if (!ours.error) ours.bundle = await bundleOneOperation(ourClient);
  const before = builds.find((build) => build.id === "before");
  const peerFigures: ToolFigures[] = [];
  for (const peer of peers) {
    const out = join(work, peer.id);
    const entry = peer.entry?.(out);
    const result = figures(peer.id, `${peer.label} ${setup.versionOf(peer.package)}`, peer.generates, out);
    if (!result.error && entry) {
      try {
        result.bundle = await bundleSize(entry, join(work, `${peer.id}-bundle`), [join(peersRoot, "node_modules")]);
      } catch (error) {
        log(`${peer.id}: bundle failed: ${(error as Error).message.slice(0, 500)}`);
      }
    }
    peerFigures.push(result);
  }
  const yamlCount = (dir: string) => readdirSync(dir).filter((name) => /\.ya?ml$/.test(name)).length;
  const catalogueFiles = yamlCount(catalogue);
  const name = catalogueFiles === yamlCount(join(root, "catalogue")) ? REAL : WORKLOAD;
  return {
    operations,
    workload: { name, catalogueFiles, modules: catalogueFiles - 1, outputFiles: errors.has("catalogen") ? 0 : listFiles(outOf(current)).length },
    rounds,
    ours,
    ...(before && { before: figures("before", before.label, FOUR, join(outOf(before), "client")), ...(before.commit && { beforeCommit: before.commit }) }),
    peers: peerFigures,
  };
}

function writeEntry(dir: string, source: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "use.ts");
  writeFileSync(path, source);
  return path;
}
