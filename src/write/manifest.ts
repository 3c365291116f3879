// The list of files catalogen wrote into an output folder: the only files it will ever
// change or remove there.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

export const MANIFEST_NAME = ".catalogen-manifest.json";

export interface Manifest {
  generator: "catalogen";
  /** Hash of everything the output depends on; equal hash and intact files: nothing to do. */
  inputHash: string;
  /** Output path -> sha256 of its content, sorted by path. */
  files: Record<string, string>;
}

export function sha256(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}

export async function readManifest(outDir: string): Promise<Manifest | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(outDir, MANIFEST_NAME), "utf8")) as Manifest;
    return manifest.generator === "catalogen" && typeof manifest.files === "object" ? manifest : undefined;
  } catch {
    return undefined;
  }
}

export function manifestText(inputHash: string, files: ReadonlyMap<string, string>): string {
  const sorted = Object.fromEntries([...files.keys()].sort().map((path) => [path, sha256(files.get(path)!)]));
  return `${JSON.stringify({ generator: "catalogen", inputHash, files: sorted } satisfies Manifest, null, 2)}\n`;
}
