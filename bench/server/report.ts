// The shape of bench/results/server.json and the "Server" block of BENCHMARKS.md written from it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Machine } from "../lib/env.js";
import { markdownTable } from "../lib/format.js";
import { median } from "../lib/measure.js";

export interface ServerRun {
  server: string;
  round: number;
  /** Mean requests per second over the run (autocannon). */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** The server process's CPU time (user + system) per request, in µs; undefined where /proc is missing. */
  cpuUsPerRequest?: number | undefined;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses per status code. */
  statuses: Record<string, number>;
  loadStart: number;
  loadEnd: number;
}

export interface ScenarioResult {
  id: string;
  title: string;
  runs: ServerRun[];
}

export interface ServerResults {
  machine: Machine;
  load: { connections: number; durationS: number; warmupS: number; rounds: number };
  versions: Record<string, string>;
  scenarios: ScenarioResult[];
}

const OURS = "catalogen";

/** Ours against one peer in each round (requests/s unless said otherwise). */
function roundRatios(runs: ServerRun[], peer: string, value: (run: ServerRun) => number = (run) => run.rps): number[] {
  const ratios: number[] = [];
  for (const ours of runs.filter((run) => run.server === OURS)) {
    const theirs = runs.find((run) => run.server === peer && run.round === ours.round);
    if (theirs && value(theirs) > 0) ratios.push(value(ours) / value(theirs));
  }
  return ratios;
}

/** The median of the per-round ratios. */
function pairedRatio(runs: ServerRun[], peer: string, value: (run: ServerRun) => number): number | undefined {
  const ratios = roundRatios(runs, peer, value);
  return ratios.length > 0 ? median(ratios) : undefined;
}

function cpuMedian(runs: ServerRun[]): string {
  const values = runs.map((run) => run.cpuUsPerRequest).filter((value): value is number => value !== undefined);
  return values.length === 0 ? "-" : `${median(values).toFixed(1)} µs`;
}

const fixed = (value: number | undefined, digits = 2) => (value === undefined ? "-" : value.toFixed(digits));

export function serverTables(results: ServerResults): string {
  const blocks: string[] = [];
  const { load, machine, versions } = results;
  for (const scenario of results.scenarios) {
    const servers = [...new Set(scenario.runs.map((run) => run.server))];
    const rows = servers.map((server) => {
      const runs = scenario.runs.filter((run) => run.server === server);
      const statuses: Record<string, number> = {};
      for (const run of runs) for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
      const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
      const mix = Object.entries(statuses)
        .map(([status, count]) => `${status}: ${Math.round((100 * count) / total)}%`)
        .join(", ");
      const label = server === OURS ? "generated server (`toNodeHandler`)" : server === "hono" ? `Hono ${versions["hono"]} + @hono/node-server ${versions["@hono/node-server"]}` : `find-my-way ${versions["find-my-way"]} on node:http`;
      return [
        label,
        Math.round(median(runs.map((run) => run.rps))).toLocaleString("en"),
        `${fixed(median(runs.map((run) => run.p50Ms)), 0)} ms`,
        `${fixed(median(runs.map((run) => run.p99Ms)), 0)} ms`,
        server === OURS ? "1x" : `${fixed(pairedRatio(scenario.runs, server, (run) => run.rps))}x`,
        cpuMedian(runs),
        server === OURS ? "1x" : `${fixed(pairedRatio(scenario.runs, server, (run) => run.cpuUsPerRequest ?? 0))}x`,
        mix,
        String(runs.reduce((sum, run) => sum + run.errors, 0)),
      ];
    });
    const loads = scenario.runs.flatMap((run) => [run.loadStart, run.loadEnd]);
    const perRound = servers
      .filter((server) => server !== OURS)
      .map((server) => `${server} ${roundRatios(scenario.runs, server).map((ratio) => ratio.toFixed(2)).join(", ")}`)
      .join("; ");
    blocks.push(
      `### (${scenario.id}) ${scenario.title}\n\n` +
        markdownTable(["server", "requests/s (median)", "p50", "p99 (median)", "ours / theirs, requests/s (above 1: ours faster)", "server CPU per request", "ours / theirs, CPU (below 1: ours less)", "statuses", "errors"], rows) +
        `\n\nOurs / theirs in requests/s, round by round: ${perRound}. Load average during the runs: ${fixed(Math.min(...loads))}–${fixed(Math.max(...loads))}.`,
    );
  }
  blocks.push(
    `Conditions: ${machine.date.slice(0, 16).replace("T", " ")} UTC, commit ${machine.commit}, Node ${machine.node}, ${machine.cores} cores (${machine.cpu}), ` +
      `${machine.memoryGiB} GiB; autocannon ${versions["autocannon"]}, ${load.connections} connections, ${load.durationS} s per run after a ${load.warmupS} s warm-up, ` +
      `${load.rounds} alternating rounds (fresh server processes each round, the order turning). Load generator and server share the machine's cores.`,
  );
  return blocks.join("\n\n");
}

export function writeServerReport(root: string, results: ServerResults): string {
  const path = join(root, "BENCHMARKS.md");
  const text = existsSync(path) ? readFileSync(path, "utf8") : "# Benchmarks\n";
  const tables = serverTables(results);
  const start = "<!-- server:start -->";
  const end = "<!-- server:end -->";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next = from === -1 || to === -1 ? `${text}\n## Server\n\n${start}\n${tables}\n${end}\n` : `${text.slice(0, from + start.length)}\n${tables}\n${text.slice(to)}`;
  writeFileSync(path, next);
  return tables;
}
