// Large real documents (GitHub's REST API from @octokit/openapi, Twilio's API 2010): catalogen
// import + generate against each peer generating a client from the same document. One round each
// (the documents are large). Import and generate share one cache folder, as they do in a project
// (node_modules/.cache/catalogen): the import records the catalogue it wrote, so generate does not
// parse it again. Called by bench/peers/run.ts after the catalogue sizes; results in
// bench/results/peers-github.json.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listFiles, folderSize } from "../lib/files.js";
import { measure, type Measured } from "../lib/measure.js";
import { failureSummary } from "../lib/results.js";
import type { Peer } from "./tools.js";

export interface GithubRow {
  document?: string;
  tool: string;
  what: string;
  wallMs?: number;
  rssMiB?: number;
  outputBytes?: number;
  error?: string;
}

const DOCUMENTS = [
  { id: "github", label: "GitHub", file: "node_modules/@octokit/openapi/generated/api.github.com.json" },
  { id: "twilio", label: "Twilio 2010", file: "node_modules/@twilio-alpha/mcp/twilio-oai/spec/json/twilio_api_v2010.json" },
];

export async function benchGithub(root: string, peers: Peer[], log: (text: string) => void): Promise<GithubRow[]> {
  const rows: GithubRow[] = [];
  for (const document of DOCUMENTS) {
    const spec = join(root, document.file);
    if (!existsSync(spec)) log(`${document.label}: ${document.file} is not installed; skipped`);
    else rows.push(...(await benchDocument(root, document.id, spec, peers, log)).map((row) => ({ document: document.label, ...row })));
  }
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/peers-github.json"), `${JSON.stringify({ date: new Date().toISOString(), documents: DOCUMENTS.map((document) => document.file), rows }, null, 2)}\n`);
  return rows;
}

async function benchDocument(root: string, id: string, spec: string, peers: Peer[], log: (text: string) => void): Promise<GithubRow[]> {
  const work = join(root, "bench/peers/.work", id);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const bin = join(root, "bin/catalogen.js");
  const catalogue = join(work, "catalogue");
  const out = join(work, "catalogen");
  const rows: GithubRow[] = [];
  const failed = (run: Measured) => `exit ${run.code ?? "by signal"}: ${failureSummary(`${run.stderr}\n${run.stdout}`)}`;

  const env = { ...process.env, CATALOGEN_CACHE_DIR: join(work, "cache") };
  const imported = await measure(process.execPath, [bin, "import", spec, "--out", catalogue], { env });
  const generated = imported.code === 0
    ? await measure(process.execPath, [bin, "generate", "--catalogue", catalogue, "--out", out], { env, timeoutMs: 1_800_000 })
    : undefined;
  if (imported.code !== 0) rows.push({ tool: "catalogen import", what: "catalogue", error: failed(imported) });
  else {
    rows.push({ tool: "catalogen import", what: "catalogue", wallMs: imported.wallMs, ...(imported.rssMiB !== undefined && { rssMiB: imported.rssMiB }), outputBytes: folderSize(catalogue).bytes });
    if (generated!.code !== 0) rows.push({ tool: "catalogen generate", what: "client, server, docs, OpenAPI", error: failed(generated!) });
    else {
      rows.push({ tool: "catalogen generate", what: "client, server, docs, OpenAPI", wallMs: generated!.wallMs, ...(generated!.rssMiB !== undefined && { rssMiB: generated!.rssMiB }), outputBytes: folderSize(join(out, "client")).bytes });
      rows.push({ tool: "catalogen import + generate", what: "client, server, docs, OpenAPI", wallMs: imported.wallMs + generated!.wallMs });
    }
  }
  log(`${id}: catalogen import ${Math.round(imported.wallMs)} ms, generate ${generated ? Math.round(generated.wallMs) : "-"} ms`);

  for (const peer of peers) {
    const peerOut = join(work, peer.id);
    mkdirSync(peerOut, { recursive: true });
    const command = peer.generate(spec, peerOut, work);
    const run = await measure(command.command, command.args, { cwd: work, timeoutMs: 1_800_000 });
    if (run.code !== 0 || listFiles(peerOut).length === 0) rows.push({ tool: peer.label, what: peer.generates, error: failed(run) });
    else rows.push({ tool: peer.label, what: peer.generates, wallMs: run.wallMs, ...(run.rssMiB !== undefined && { rssMiB: run.rssMiB }), outputBytes: folderSize(peerOut).bytes });
    log(`${id}: ${peer.id} ${run.code === 0 ? `${Math.round(run.wallMs)} ms` : "failed"}`);
  }
  return rows;
}

export function githubTable(rows: GithubRow[]): string {
  if (rows.length === 0) return "";
  const lines = ["Large real documents, one run each:", "| Document | Tool | Generates | Wall | Peak RSS | Output |", "|---|---|---|---:|---:|---:|"];
  for (const row of rows) {
    if (row.error) lines.push(`| ${row.document ?? ""} | ${row.tool} | ${row.what} | failed: ${row.error.slice(0, 80)} | | |`);
    else lines.push(`| ${row.document ?? ""} | ${row.tool} | ${row.what} | ${((row.wallMs ?? 0) / 1000).toFixed(1)} s | ${row.rssMiB === undefined ? "" : `${Math.round(row.rssMiB)} MiB`} | ${row.outputBytes === undefined ? "" : `${(row.outputBytes / 1e6).toFixed(1)} MB`} |`);
  }
  return lines.join("\n");
}
