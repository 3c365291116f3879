// npm run bench:peers: catalogen against openapi-typescript + openapi-fetch, orval, oazapfts,
// @hey-api/openapi-ts and Kubb. Two workloads:
// - many modules (bench/peers/catalogue.ts): the repository's catalogue, and scaled to 1,000 and
//   10,000 operations in modules of about 18; the peers read our OpenAPI export of it;
// - real documents (bench/peers/github.ts): GitHub, Twilio, Google Compute Engine, Kubernetes,
//   from the document to generated code.
// Runs are interleaved (A B C A B C: the --before build, ours, each peer) so noise hits all alike.
//   node bench/main.mjs peers [--sizes 184,1000,10000] [--rounds N] [--only orval,oazapfts] [--before DIR]
//     [--no-github] [--documents github,twilio,compute,kubernetes] [--doc-rounds N]
// --before DIR: a built copy of catalogen (e.g. a worktree of main after `npm run build`), timed in
// the same rounds; the rows "catalogen (before)" and "catalogen (after)". --sizes "" runs only the
// documents. Needs bench/peers/node_modules (npm --prefix bench/peers ci; the npm script does it).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { load1, machine, waitForQuiet } from "../lib/env.js";
import { findRepoRoot } from "../lib/measure.js";
import { peerTables, writeReport } from "../lib/report.js";
import { mergeBySize, type PeerResults, type PeerSizeResult } from "../lib/results.js";
import { benchSize, type Build } from "./catalogue.js";
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
    before: { type: "string" },
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

/** --only, else orval and oazapfts up to 2,000 operations and oazapfts alone above (orval took 21 s at 10,000). */
function peersFor(operations: number): Peer[] {
  const chosen = values.only?.split(",") ?? (operations <= 2000 ? ["orval", "oazapfts"] : ["oazapfts"]);
  return PEERS.filter((peer) => chosen.includes(peer.id));
}

/** --before DIR: a built copy of catalogen (its bin/catalogen.js and dist/), timed first in every round. */
function buildsToTime(): Build[] {
  const current: Build = { id: "catalogen", label: "catalogen", bin: join(root, "bin/catalogen.js") };
  if (!values.before) return [current];
  const dir = resolve(values.before);
  const bin = join(dir, "bin/catalogen.js");
  if (!existsSync(bin) || !existsSync(join(dir, "dist"))) {
    console.error(`--before ${values.before}: no built catalogen there (${existsSync(bin) ? "dist/ is missing: run npm run build in it" : "bin/catalogen.js is missing"}); give a checkout in which \`npm run build\` has run`);
    process.exit(2);
  }
  let commit: string | undefined;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    commit = undefined; // not a git checkout
  }
  return [{ id: "before", label: "catalogen (before)", bin, ...(commit && { commit }) }, { ...current, label: "catalogen (after)" }];
}

function versionOf(name: string): string {
  return (JSON.parse(readFileSync(join(peersRoot, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

const waitSeconds = Number(values["wait-quiet"]);
if (waitSeconds > 0) await waitForQuiet(1.2, waitSeconds * 1000, log);
const builds = buildsToTime();
const info = machine();
const results: PeerSizeResult[] = [];
for (const size of values.sizes!.split(",").filter((size) => size !== "").map(Number)) {
  const started = { date: new Date().toISOString(), loadStart: load1() };
  const setup = { root, peersRoot, builds, peers: peersFor(size), rounds: roundsFor(size), log, versionOf };
  results.push({ ...(await benchSize(size, setup)), taken: { ...started, loadEnd: load1() } });
  save(); // after every size, so an interruption loses nothing
}
if (results.length > 0) console.log(peerTables(save()));
// Large real documents: from the document to generated code, beside the peers (bench/peers/github.ts).
// Peers: --only, else the page's two, openapi-typescript and oazapfts.
if (!values["no-github"]) {
  const chosen = values.only?.split(",") ?? ["openapi-typescript", "oazapfts"];
  const peers = PEERS.filter((peer) => chosen.includes(peer.id));
  const options = { rounds: Number(values["doc-rounds"]), ...(values.documents && { only: values.documents.split(",") }) };
  console.log(githubTable(await benchGithub(root, builds, peers, log, options)));
  if (values.json === defaultJson) writeReport(root);
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
