// The shape of bench/results/*.json, from which BENCHMARKS.md is written.
import type { BundleSize } from "./bundle.js";
import type { Machine } from "./env.js";

export interface Timing {
  wallMs: number;
  rssMiB: number | undefined;
  runs: number;
}

/** When one size was measured, and how busy the machine was (1-minute load average). */
export interface Taken {
  date: string;
  loadStart: number;
  loadEnd: number;
}

export interface SizeResult {
  operations: number;
  /** Absent in results written before it was recorded. */
  taken?: Taken;
  modules: number;
  /** All four targets, fresh output folder (and, in rows from before prettier left the default path, an empty prettier cache). */
  cold: Timing;
  /** Rows from before prettier left the default path: fresh output folder, prettier cache kept from an earlier run. */
  coldWarmCache?: Timing;
  noop: Timing & { filesTouched: number; upToDate: boolean };
  /** `rewritten`: the output files the first such run changed. */
  oneChanged: Timing & { filesWritten: number; rewritten: string[] };
  /** Rows from before prettier left the default path: the same change with the prettier cache off. */
  oneChangedNoCache?: Timing;
  output: { files: number; bytes: number; clientFiles: number; clientBytes: number };
  tsc: Timing & { errors: number; files: number };
  bundle: BundleSize;
}

/** A size whose run failed (e.g. catalogen ran out of memory): what went wrong, no figures. */
export interface FailedSize {
  operations: number;
  taken?: Taken;
  error: string;
}

export interface BenchResults {
  machine: Machine;
  results: (SizeResult | FailedSize)[];
}

/** The gist of a failed run's output: out-of-memory said plainly, else its first error line. */
export function failureSummary(output: string): string {
  const text = output.replace(/\x1b\[[0-9;]*m/g, "");
  if (/heap out of memory/i.test(text)) return "JavaScript heap out of memory (Node's default heap limit, about 4 GB here)";
  const line = text.split("\n").find((l) => /error|invalid|cannot|failed|unsupported/i.test(l)) ?? text.trim().split("\n")[0] ?? "";
  return line.trim().slice(0, 300);
}

export interface ToolFigures {
  /** e.g. "orval 7.13.2 (fetch client)". */
  tool: string;
  /** What its generate step produced, e.g. "client" or "client, server, docs, OpenAPI". */
  generates: string;
  /** Set when the tool failed on this catalogue; the figures below are then absent. */
  error?: string;
  generate?: Timing;
  /** catalogen only: one operation's summary edited, then regenerate (the whole command). */
  oneChanged?: Timing;
  outputBytes?: number;
  tsc?: Timing & { errors: number };
  bundle?: BundleSize;
}

export interface PeerSizeResult {
  operations: number;
  /** What was generated from (absent in results from before workloads were named). */
  workload?: { name: string; catalogueFiles: number; modules: number; outputFiles: number };
  taken?: Taken;
  /** Rounds of A B C A B C ...: each round runs the before build (if any), ours, then each peer, once. */
  rounds: number;
  ours: ToolFigures;
  /** With --before: the earlier build, timed in the same rounds (no tsc or bundle: same output). */
  before?: ToolFigures;
  /** The before build's commit, when it is a git checkout. */
  beforeCommit?: string;
  peers: ToolFigures[];
}

export interface PeerResults {
  machine: Machine;
  results: PeerSizeResult[];
}

/** `previous` with the sizes measured now replaced (so a run of one size keeps the others), by size. */
export function mergeBySize<T extends { operations: number }>(previous: T[] | undefined, now: T[]): T[] {
  const measured = new Set(now.map((result) => result.operations));
  return [...(previous ?? []).filter((result) => !measured.has(result.operations)), ...now].sort((a, b) => a.operations - b.operations);
}

/** One row of bench/results/peers-github.json: a tool's run on a real document. */
export interface GithubRow {
  document?: string;
  /** Which run: "living client", "living four", "import client", "import four", or a peer's id. */
  key?: string;
  tool: string;
  what: string;
  wallMs?: number;
  rssMiB?: number | undefined;
  outputBytes?: number;
  /** wallMs over the fastest peer's on the same document. */
  ratio?: number;
  runs?: number;
  /** Living source, four targets: one operation's summary edited in the document, then generate again. */
  oneChangedMs?: number;
  /** With --before: the earlier build's figures for the same run. */
  before?: { wallMs: number; oneChangedMs?: number };
  error?: string | undefined;
}

export interface DocumentResults {
  date: string;
  /** Absent in results from before it was recorded. */
  machine?: Machine;
  rounds?: number;
  beforeCommit?: string;
  documents: string[];
  rows: GithubRow[];
}
