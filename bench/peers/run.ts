// npm run bench:peers: catalogen against openapi-typescript + openapi-fetch, orval, oazapfts,
// @hey-api/openapi-ts and Kubb, on the same catalogues (the peers read our own OpenAPI export).
// Runs are interleaved (ours, then each peer, round after round) so machine noise hits all alike.
//   node bench/main.mjs peers [--sizes 184,1000,10000] [--rounds N] [--no-github] [--documents github,twilio,compute,kubernetes] [--doc-rounds N]
// Then large real documents (GitHub, Twilio, Google Compute Engine, Kubernetes), from the document
// to generated code, beside the peers (bench/peers/github.ts). --sizes "" runs only the documents.
// Needs bench/peers/node_modules (npm --prefix bench/peers ci; the npm script does it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { bundleOneOperation } from "../../test/helpers/bundle.js";
import { bundleSize, ourEntry } from "../lib/bundle.js";
import { writeBenchCatalogue } from "../lib/catalogues.js";
import { load1, machine, waitForQuiet } from "../lib/env.js";
import { folderSize, listFiles, setAside } from "../lib/files.js";
import { ensureOk, findRepoRoot, measure, median, medianOf, type Measured } from "../lib/measure.js";
import { peerTables, writeReport } from "../lib/report.js";
import { failureSummary, mergeBySize, type PeerResults, type PeerSizeResult, type Timing, type ToolFigures } from "../lib/results.js";
import { typecheckFiles } from "../lib/tsc.js";
import { benchGithub, githubTable } from "./github.js";
import { PEERS, type Peer } from "./tools.js";

const root = findRepoRoot();
const peersRoot = join(root, "bench/peers");
const defaultJson = join(root, "bench/results/peers.json");
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "184,1000,10000" },
    rounds: { type: "string" },
    only: { type: "string" },
    "wait-quiet": { type: "string", default: "0" },
    json: { type: "string", default: defaultJson },
    "no-github": { type: "boolean" },
    documents: { type: "string" },
    "doc-rounds": { type: "string", default: "1" },
  },
});
const log = (text: string) => process.stderr.write(`[peers] ${text}\n`);

if (!existsSync(join(peersRoot, "node_modules"))) {
  throw new Error("bench/peers/node_modules is missing: run `npm --prefix bench/peers ci` first (npm run bench:peers does)");
}

function roundsFor(operations: number): number {
  if (values.rounds) return Number(values.rounds);
  return operations <= 200 ? 5 : operations <= 2000 ? 3 : 1;
}

function timing(runs: Measured[]): Timing {
  return { wallMs: median(runs.map((run) => run.wallMs)), rssMiB: medianOf(runs.map((run) => run.rssMiB)), runs: runs.length };
}

function failure(run: Measured): string {
  return `exit ${run.code ?? "by signal"}: ${failureSummary(`${run.stderr}\n${run.stdout}`)}`;
}

async function benchSize(operations: number): Promise<PeerSizeResult> {
  const work = join(peersRoot, ".work", String(operations));
  setAside(work);
  mkdirSync(work, { recursive: true });
  const catalogue = join(root, ".tmp/bench/catalogues", String(operations));
  writeBenchCatalogue(join(root, "catalogue"), operations, catalogue);
  const bin = join(root, "bin/catalogen.js");
  const specDir = join(work, "spec");
  ensureOk(await measure(process.execPath, [bin, "generate", "--target", "openapi", "--catalogue", catalogue, "--out", specDir]), "OpenAPI export");
  const spec = join(specDir, "openapi.json");

  const ourOut = join(work, "catalogen");
  const cache = join(work, "catalogen-cache");
  const ourGenerate = () => {
    setAside(ourOut);
    setAside(cache);
    return measure(process.execPath, [bin, "generate", "--catalogue", catalogue, "--out", ourOut], { env: { ...process.env, CATALOGEN_CACHE_DIR: cache } });
  };
  const peers = PEERS.filter((peer) => !values.only || values.only.split(",").includes(peer.id));
  const runs = new Map<string, Measured[]>([["catalogen", []], ...peers.map((peer): [string, Measured[]] => [peer.id, []])]);
  const errors = new Map<string, string>();
  const rounds = roundsFor(operations);

  for (let round = 0; round < rounds; round++) {
    if (!errors.has("catalogen")) {
      const run = await ourGenerate();
      if (run.code !== 0) errors.set("catalogen", failure(run));
      else runs.get("catalogen")!.push(run);
    }
    for (const peer of peers) {
      if (errors.has(peer.id)) continue;
      const out = join(work, peer.id);
      setAside(out);
      mkdirSync(out, { recursive: true });
      const command = peer.generate(spec, out, work);
      const run = await measure(command.command, command.args, { cwd: work, timeoutMs: 900_000 });
      if (run.code !== 0 || listFiles(out).length === 0) errors.set(peer.id, failure(run));
      else runs.get(peer.id)!.push(run);
    }
    log(`${operations} ops, round ${round + 1}/${rounds}: ${[...runs].map(([id, r]) => `${id} ${r.at(-1) ? Math.round(r.at(-1)!.wallMs) : "-"} ms`).join(", ")} (load ${load1().toFixed(2)})`);
  }

  // Type-check and bundle each tool's output (ours: the client), also interleaved.
  const ourClient = join(ourOut, "client");
  const ourEntryFile = ourEntry(ourClient);
  const tscRuns = new Map<string, (Measured & { errors: number })[]>();
  const tscInputs = new Map<string, string[]>();
  if (!errors.has("catalogen")) {
    tscInputs.set("catalogen", [...listFiles(ourClient).filter((path) => path.endsWith(".ts")), writeEntry(join(work, "catalogen-use"), ourEntryFile)]);
  }
  for (const peer of peers) {
    if (errors.has(peer.id)) continue;
    const out = join(work, peer.id);
    const files = listFiles(out).filter((path) => /\.(ts|tsx)$/.test(path));
    const entry = peer.entry?.(out);
    tscInputs.set(peer.id, entry ? [...files, writeEntry(join(work, `${peer.id}-use`), entry)] : files);
  }
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
    const tsc = tscRuns.get(id)!;
    return {
      tool,
      generates,
      generate: timing(runs.get(id)!),
      outputBytes: folderSize(out).bytes,
      tsc: { ...timing(tsc), errors: tsc[0]!.errors },
    };
  };
  // Output size: our client/ folder only, like for like with the peers' clients.
  const ours = figures("catalogen", "catalogen", "client, server, docs, OpenAPI", ourOut);
  if (!ours.error) {
    ours.outputBytes = folderSize(ourClient).bytes;
    ours.bundle = await bundleOneOperation(ourClient);
  }
  const peerFigures: ToolFigures[] = [];
  for (const peer of peers) {
    const out = join(work, peer.id);
    const entry = peer.entry?.(out);
    const result = figures(peer.id, `${peer.label} ${versionOf(peer.package)}`, peer.generates, out);
    if (!result.error && entry) {
      try {
        result.bundle = await bundleSize(entry, join(work, `${peer.id}-bundle`), [join(peersRoot, "node_modules")]);
      } catch (error) {
        log(`${peer.id}: bundle failed: ${(error as Error).message.slice(0, 500)}`);
      }
    }
    peerFigures.push(result);
  }
  return { operations, rounds, ours, peers: peerFigures };
}

function writeEntry(dir: string, source: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "use.ts");
  writeFileSync(path, source);
  return path;
}

function versionOf(name: string): string {
  return (JSON.parse(readFileSync(join(peersRoot, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

const waitSeconds = Number(values["wait-quiet"]);
if (waitSeconds > 0) await waitForQuiet(1.2, waitSeconds * 1000, log);
const info = machine();
const results: PeerSizeResult[] = [];
for (const size of values.sizes!.split(",").filter((size) => size !== "").map(Number)) {
  const started = { date: new Date().toISOString(), loadStart: load1() };
  results.push({ ...(await benchSize(size)), taken: { ...started, loadEnd: load1() } });
  save(); // after every size, so an interruption loses nothing
}
if (results.length > 0) console.log(peerTables(save()));
// Large real documents: from the document to generated code, beside the peers (bench/peers/github.ts).
if (!values["no-github"]) {
  const peers = PEERS.filter((peer) => !values.only || values.only.split(",").includes(peer.id));
  const options = { rounds: Number(values["doc-rounds"]), ...(values.documents && { only: values.documents.split(",") }) };
  console.log(githubTable(await benchGithub(root, peers, log, options)));
}

function save(): PeerResults {
  info.loadEnd = load1();
  // Sizes not measured in this run keep their earlier figures (each says when it was taken).
  const previous = existsSync(values.json!) ? (JSON.parse(readFileSync(values.json!, "utf8")) as PeerResults) : undefined;
  const report: PeerResults = { machine: info, results: mergeBySize(previous?.results, results) };
  mkdirSync(join(values.json!, ".."), { recursive: true });
  writeFileSync(values.json!, `${JSON.stringify(report, null, 2)}\n`);
  if (values.json === defaultJson) writeReport(root);
  return report;
}
