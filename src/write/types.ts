// The writer's shared types and its error, in a leaf module: what the plan and apply steps pass
// between them, and what callers get back.
import type { ManifestEntry } from "./manifest.js";
import type { FileStats } from "../shared/stat-hashes.js";

/** A file's final content and the target that produced it. */
export interface OutputFile {
  content: string;
  target: string;
}

export interface WriteReport {
  written: string[];
  unchanged: string[];
  removed: string[];
  /** The targets no longer chosen whose files (among `removed`) went, when any did. */
  droppedTargets?: string[];
}

/** The targets one write makes: the whole output (files of other targets go) or some of it (theirs stay). */
export interface WriteTargets {
  inputHash: string;
  targets: readonly string[];
  generatorHash?: string;
  /** "remove": `targets` are all the output, so files earlier runs made for other targets are removed. Default "keep". */
  otherTargets?: "keep" | "remove";
}

export interface CheckReport {
  stale: string[];
  missing: string[];
  extra: string[];
  /** The journal of a commit a killed generate left half done (src/write/journal.ts): the next generate finishes it. */
  unfinished?: string;
}

/** The file a planned file replaces, found intact: the hash and size of its bytes. */
export interface PreviousBytes {
  sha256: string;
  size: number;
}

/** A byte range `[start, end)` of the file a planned file replaces. */
export interface KeptBytes {
  start: number;
  end: number;
}

/** A file given as text and byte ranges of the file it replaces (src/write/plan.ts `putSpliced`). */
export interface Spliced {
  parts: Iterable<string | KeptBytes>;
  /** Told the hash of the bytes the parts made (written, or found already there). */
  written(sha256: string): void;
}

/** New content on disk under a staging name beside `path`, to be renamed into place. */
export interface StagedFile {
  temporary: string;
  path: string;
  hash: string;
  /** Its size, where it may be large (apply.ts frees a large file it replaces on the thread pool). */
  size?: number;
  /** Its size and mtime as it was closed, when known (else apply.ts looks once it is in place). */
  stats?: FileStats;
}

/**
 * What one write does to the output folder, decided from one read of it: every path relative to
 * the folder, checked to be catalogen's own regular file in real folders.
 */
export interface WritePlan {
  /** Staged new contents, put in place in path order. */
  write: StagedFile[];
  /** Files already as they should be: not touched. */
  keep: string[];
  /** Files an earlier run of the same targets wrote that this run does not make. */
  remove: string[];
  /** Staging files and lock drafts that killed runs left behind. */
  leftovers: string[];
  /**
   * The manifest as found (`current`), while the files move (`during`: old and new files, so a
   * killed run leaves nothing unknown) and at the end (`final`).
   */
  manifest: { current: string | undefined; during: string; final: string };
  /** The files the folder holds for catalogen afterwards, each with its entry. */
  files: ReadonlyMap<string, ManifestEntry>;
}

/** A problem that stops the write before anything is changed. */
export class WriteError extends Error {
  override name = "WriteError";
}
