// The list of files catalogen wrote into an output folder, each with the target that wrote it:
// the only files it will ever change or remove there.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { isSafeOutputPath } from "./paths.js";

export const MANIFEST_NAME = ".catalogen-manifest.json";

export interface ManifestEntry {
  /** The target (client, server, docs, openapi) whose emitter produced the file. */
  target: string;
  sha256: string;
}

export interface Manifest {
  generator: "catalogen";
  /** Hash of everything the output depends on; equal hash and intact files: nothing to do. */
  inputHash: string;
  /** Output path -> entry, sorted by path. */
  files: Record<string, ManifestEntry>;
}

export function sha256(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}

/**
 * The manifest, or undefined when there is none or it is unreadable. Entries whose path could
 * leave the output folder are dropped: a tampered manifest must not make catalogen touch a file
 * outside it.
 */
export async function readManifest(outDir: string): Promise<Manifest | undefined> {
  let parsed: Partial<Manifest>;
  try {
    parsed = JSON.parse(await readFile(join(outDir, MANIFEST_NAME), "utf8")) as Partial<Manifest>;
  } catch {
    return undefined;
  }
  if (parsed.generator !== "catalogen" || typeof parsed.files !== "object" || parsed.files === null) return undefined;
  const files: Record<string, ManifestEntry> = {};
  for (const [path, entry] of Object.entries(parsed.files)) {
    if (isSafeOutputPath(path) && typeof entry?.target === "string" && typeof entry.sha256 === "string") files[path] = entry;
  }
  return { generator: "catalogen", inputHash: String(parsed.inputHash), files };
}

export function manifestText(inputHash: string, files: Record<string, ManifestEntry>): string {
  const sorted = Object.fromEntries(Object.keys(files).sort().map((path) => [path, files[path]!]));
  return `${JSON.stringify({ generator: "catalogen", inputHash, files: sorted } satisfies Manifest, null, 2)}\n`;
}
