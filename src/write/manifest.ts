// The list of files catalogen wrote into an output folder, each with the target that wrote it:
// the only files it will ever change or remove there.
import { sha256 } from "../shared/hash.js";
import { isSafeOutputPath } from "./paths.js";

export { sha256 };

export const MANIFEST_NAME = ".catalogen-manifest.json";

export interface ManifestEntry {
  /** The target (client, server, docs, openapi) whose emitter produced the file. */
  target: string;
  sha256: string;
  /**
   * For a file made from one module: the hash of what it was made from (the module's part of the
   * catalogue, the named types it reaches, the API-level parts; catalogen's code and the options
   * are `generatorHash`). A later run whose hashes are the same keeps the file without making it.
   */
  from?: string;
}

export interface Manifest {
  generator: "catalogen";
  /** Hash of everything the output depends on; equal hash and intact files: nothing to do. */
  inputHash: string;
  /**
   * Hash of catalogen's own code and templates and the options, which every file depends on: the
   * `from` of a file counts only while this is unchanged (kept apart so that a new catalogen
   * version changes one line here, not every file's `from`).
   */
  generatorHash?: string;
  /** Output path -> entry, sorted by path. */
  files: Record<string, ManifestEntry>;
}

/**
 * The manifest in `text`, or undefined when it is not one. Entries whose path could leave the
 * output folder are dropped: a tampered manifest must not make catalogen touch a file outside it.
 */
export function parseManifest(text: string): Manifest | undefined {
  let parsed: Partial<Manifest>;
  try {
    parsed = JSON.parse(text) as Partial<Manifest>;
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  if (parsed.generator !== "catalogen" || typeof parsed.files !== "object" || parsed.files === null) return undefined;
  const files = Object.create(null) as Record<string, ManifestEntry>;
  for (const [path, entry] of Object.entries(parsed.files as Record<string, Partial<ManifestEntry> | null>)) {
    if (isSafeOutputPath(path) && !isReservedName(path) && typeof entry?.target === "string" && typeof entry.sha256 === "string") {
      files[path] = { target: entry.target, sha256: entry.sha256, ...(typeof entry.from === "string" ? { from: entry.from } : {}) };
    }
  }
  return {
    generator: "catalogen",
    inputHash: String(parsed.inputHash),
    ...(typeof parsed.generatorHash === "string" ? { generatorHash: parsed.generatorHash } : {}),
    files,
  };
}

/** Names catalogen uses for itself (manifest, lock, staging files): never an output file. */
export function isReservedName(path: string): boolean {
  return /(^|\/)\.catalogen-/.test(path) || /\.catalogen-[^/]*\.tmp$/.test(path);
}

export function manifestText(inputHash: string, files: Record<string, ManifestEntry>, generatorHash?: string): string {
  const sorted = Object.fromEntries(Object.keys(files).sort().map((path) => [path, files[path]!]));
  const manifest: Manifest = { generator: "catalogen", inputHash, ...(generatorHash === undefined ? {} : { generatorHash }), files: sorted };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
