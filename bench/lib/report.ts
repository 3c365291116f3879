// Writes BENCHMARKS.md from bench/results/bench.json and bench/results/peers.json (whichever
// exist), and returns the tables for the terminal.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Machine } from "./env.js";
import { kb, markdownTable, mib, ms, ratio } from "./format.js";
import type { BenchResults, DocumentResults, FailedSize, GithubRow, PeerResults, PeerSizeResult, Taken } from "./results.js";

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : undefined;
}

function conditions(machine: Machine): string {
  return (
    `last run ${machine.date.slice(0, 16).replace("T", " ")} UTC, commit ${machine.commit}, Node ${machine.node}, ` +
    `${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB. "taken" gives when each row (or size) was measured and the ` +
    `1-minute load average at its start and end; **a load of 1.2 or more means other work was running and times are inflated**.`
  );
}

/** When a row was measured and how busy the machine was; rows from older results use the run's. */
function taken(row: { taken?: Taken }, machine: Machine): string {
  const t = row.taken ?? { date: machine.date, loadStart: machine.loadStart, loadEnd: machine.loadEnd ?? machine.loadStart };
  const loaded = Math.max(t.loadStart, t.loadEnd) >= 1.2;
  return `${t.date.slice(0, 16).replace("T", " ")}, load ${t.loadStart.toFixed(1)}–${t.loadEnd.toFixed(1)}${loaded ? " (**loaded**)" : ""}`;
}

export function benchTables(bench: BenchResults): string {
  const generate = markdownTable(
    ["operations", "taken", "cold generate, 4 targets", "peak RSS", "per operation", "no-op regenerate", "files touched", "one operation changed", "files rewritten"],
    bench.results.map((r) => "error" in r ? failedRow(r, bench.machine, 9) : [
      String(r.operations),
      taken(r, bench.machine),
      ms(r.cold.wallMs),
      mib(r.cold.rssMiB),
      `${(r.cold.wallMs / r.operations).toFixed(2)} ms`,
      ms(r.noop.wallMs),
      String(r.noop.filesTouched),
      ms(r.oneChanged.wallMs),
      String(r.oneChanged.filesWritten),
    ]),
  );
  const output = markdownTable(
    ["operations", "output files", "output size", "client size", "tsc --noEmit client", "tsc peak RSS", "tsc errors", "one-operation bundle, minified", "gzipped"],
    bench.results.map((r) => "error" in r ? failedRow(r, bench.machine, 10).filter((_, i) => i !== 1) : [
      String(r.operations),
      String(r.output.files),
      kb(r.output.bytes),
      kb(r.output.clientBytes),
      ms(r.tsc.wallMs),
      mib(r.tsc.rssMiB),
      String(r.tsc.errors),
      kb(r.bundle.minified),
      kb(r.bundle.gzipped),
    ]),
  );
  const runs = bench.results.map((r) => `${r.operations}: ${"error" in r ? "failed" : r.cold.runs}`).join(", ");
  return `${generate}\n\n${output}\n\nRuns per median (operations: runs): ${runs}. Conditions: ${conditions(bench.machine)}`;
}

function failedRow(r: FailedSize, machine: Machine, columns: number): string[] {
  const row = [String(r.operations), taken(r, machine), `**failed**: ${r.error.replace(/\|/g, "\\|")}`];
  return [...row, ...Array<string>(Math.max(0, columns - row.length)).fill("")];
}

export function peerTables(peers: PeerResults): string {
  return peers.results
    .map((size) => {
      const after = size.ours;
      const rows = [...(size.before ? [size.before] : []), after, ...size.peers].map((tool) => {
        const self = tool === after;
        if (tool.error) return [tool.tool, tool.generates, `failed: ${tool.error.replace(/\|/g, "\\|").replace(/\s+/g, " ").slice(0, 160)}`, "", "", "", "", "", "", "", ""];
        const change = tool.oneChanged ? `${ms(tool.oneChanged.wallMs)}${self ? "" : ` (${ratio(after.oneChanged?.wallMs, tool.oneChanged.wallMs)})`}` : "-";
        return [
          tool.tool,
          tool.generates,
          ms(tool.generate?.wallMs),
          mib(tool.generate?.rssMiB),
          self ? "1x" : ratio(after.generate?.wallMs, tool.generate?.wallMs),
          change,
          kb(tool.outputBytes),
          tool.tsc ? `${ms(tool.tsc.wallMs)}${tool.tsc.errors ? ` (${tool.tsc.errors} errors)` : ""}` : "-",
          self ? "1x" : ratio(after.tsc?.wallMs, tool.tsc?.wallMs),
          tool.bundle ? `${kb(tool.bundle.minified)} / ${kb(tool.bundle.gzipped)}` : "-",
          self || !tool.bundle || !after.bundle ? (self ? "1x" : "-") : ratio(after.bundle.minified, tool.bundle.minified),
        ];
      });
      const table = markdownTable(
        ["tool", "generates", "generate", "peak RSS", "their time / ours", "one changed summary", "output", "tsc --noEmit", "their tsc / ours", "bundle min / gzip", "their bundle / ours"],
        rows,
      );
      const before = size.beforeCommit ? `; before: ${size.beforeCommit}` : "";
      return `### ${workload(size)} (${size.rounds} interleaved round${size.rounds === 1 ? "" : "s"}, medians${before}; taken ${taken(size, peers.machine)})\n\n${table}`;
    })
    .join("\n\n")
    .concat(`\n\nConditions: ${conditions(peers.machine)}`);
}

/** "many modules, 10,000 operations: 545 catalogue files in 544 modules, 5,467 output files" (older results: the size). */
function workload(size: PeerSizeResult): string {
  const count = (value: number) => value.toLocaleString("en-US");
  const operations = `${count(size.operations)} operations`;
  if (!size.workload) return operations;
  const { name, catalogueFiles, modules, outputFiles } = size.workload;
  return `${name}, ${operations}: ${count(catalogueFiles)} catalogue files in ${count(modules)} modules, ${count(outputFiles)} output files`;
}

export function writeReport(root: string): string {
  const bench = readJson<BenchResults>(join(root, "bench/results/bench.json"));
  const peers = readJson<PeerResults>(join(root, "bench/results/peers.json"));
  const path = join(root, "BENCHMARKS.md");
  const previous = existsSync(path) ? readFileSync(path, "utf8") : "";
  const ours = bench ? benchTables(bench) : "_not run yet: `npm run bench`_";
  const theirs = peers ? peerTables(peers) : "_not run yet: `npm run bench:peers`_";
  // The prose around the tables is kept; only the blocks between the markers are replaced.
  let next = replaceBlock(replaceBlock(previous || TEMPLATE, "bench", ours), "peers", theirs);
  const documents = readJson<DocumentResults>(join(root, "bench/results/peers-github.json"));
  if (documents && next.includes("<!-- documents:start -->")) next = replaceBlock(next, "documents", documentTable(documents));
  writeFileSync(path, next);
  return `${ours}\n\n${theirs}`;
}

/** The real documents on the page: per document the living source (client; four targets) and the peers. */
export function documentTable(results: DocumentResults): string {
  const m = results.machine;
  const when = `Taken ${results.date.slice(0, 16).replace("T", " ")} UTC`;
  const where = m ? ` at ${m.commit}, ${m.cpu} (${m.cores} cores), Node ${m.node}, load ${m.loadStart.toFixed(1)}–${(m.loadEnd ?? m.loadStart).toFixed(1)}${Math.max(m.loadStart, m.loadEnd ?? 0) >= 1.2 ? " (**loaded**)" : ""}` : "";
  const rounds = results.rounds ? `, median of ${results.rounds} interleaved round${results.rounds === 1 ? "" : "s"}` : "";
  const before = results.beforeCommit ? `; before: ${results.beforeCommit}` : "";
  const keyOf = (row: GithubRow) => row.key ?? (/^ {2}catalogen, living source/.test(row.tool) ? `living ${row.what === "client" ? "client" : "four"}` : /^(\*\*| {2})/.test(row.tool) ? "other" : row.tool);
  const shown = results.rows.filter((row) => ["living client", "living four"].includes(keyOf(row)) || !/^(living|import|best|other)/.test(keyOf(row)));
  const withChange = shown.some((row) => row.oneChangedMs !== undefined);
  const withBefore = shown.some((row) => row.before);
  const seen = new Set<string>();
  const rows = shown.map((row) => {
    const document = row.document ?? "";
    const label = seen.has(document) ? document.replace(/ \(.*\)$/, "") : document;
    seen.add(document);
    const tool = keyOf(row).startsWith("living") ? "catalogen, living source" : row.tool;
    if (row.error) return [label, tool, row.what, `failed: ${row.error.replace(/\|/g, "\\|").slice(0, 120)}`, "", "", ...(withChange ? [""] : []), ...(withBefore ? ["", ""] : [])];
    return [
      label,
      tool,
      row.what,
      ms(row.wallMs),
      row.ratio === undefined ? "" : `${row.ratio.toFixed(2)}x`,
      mib(row.rssMiB),
      ...(withChange ? [`${ms(row.oneChangedMs)}${row.before?.oneChangedMs === undefined || !row.oneChangedMs ? "" : ` (before ${ms(row.before.oneChangedMs)}, ${(row.before.oneChangedMs / row.oneChangedMs).toFixed(2)}x)`}`] : []),
      ...(withBefore ? [ms(row.before?.wallMs), row.before && row.wallMs ? `${(row.before.wallMs / row.wallMs).toFixed(2)}x` : "-"] : []),
    ];
  });
  const header = ["document", "tool", "generates", "time", "ratio", "peak RSS", ...(withChange ? ["one changed summary"] : []), ...(withBefore ? ["before", "before / after"] : [])];
  return `${when}${where}${rounds}${before} (\`bench/results/peers-github.json\`, with the import rows); "ratio" is the time over the fastest peer's.\n\n${markdownTable(header, rows)}`;
}

export function replaceBlock(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1) return `${text}\n${start}\n${body}\n${end}\n`;
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

const TEMPLATE = `# Benchmarks

## catalogen

<!-- bench:start -->
<!-- bench:end -->

## Side by side with the peers

<!-- peers:start -->
<!-- peers:end -->
`;
