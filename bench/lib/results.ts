// The shape of bench/results/*.json, from which BENCHMARKS.md is written.
import type { BundleSize } from "./bundle.js";
import type { Machine } from "./env.js";

export interface Timing {
  wallMs: number;
  rssMiB: number | undefined;
  runs: number;
}

export interface SizeResult {
  operations: number;
  modules: number;
  /** All four targets, fresh output folder, empty prettier cache. */
  cold: Timing;
  /** Fresh output folder, prettier cache kept from an earlier run. */
  coldWarmCache: Timing;
  noop: Timing & { filesTouched: number; upToDate: boolean };
  /** `rewritten`: the output files the first such run changed. */
  oneChanged: Timing & { filesWritten: number; rewritten: string[] };
  /** The same change with the prettier cache off. */
  oneChangedNoCache?: Timing;
  output: { files: number; bytes: number; clientFiles: number; clientBytes: number };
  tsc: Timing & { errors: number; files: number };
  bundle: BundleSize;
}

export interface BenchResults {
  machine: Machine;
  results: SizeResult[];
}

export interface ToolFigures {
  /** e.g. "orval 7.13.2 (fetch client)". */
  tool: string;
  /** What its generate step produced, e.g. "client" or "client, server, docs, OpenAPI". */
  generates: string;
  /** Set when the tool failed on this catalogue; the figures below are then absent. */
  error?: string;
  generate?: Timing;
  outputBytes?: number;
  tsc?: Timing & { errors: number };
  bundle?: BundleSize;
}

export interface PeerSizeResult {
  operations: number;
  /** Rounds of A B A B ...: each round runs ours, then each peer, once. */
  rounds: number;
  ours: ToolFigures;
  peers: ToolFigures[];
}

export interface PeerResults {
  machine: Machine;
  results: PeerSizeResult[];
}
