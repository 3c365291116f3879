// Size of a consumer's bundle that calls one operation: esbuild, minified, then gzipped. Ours is
// measured by test/helpers/bundle.ts (the client's own bundle test); the peers' programs here, with
// the same esbuild settings except that packages resolve as for a browser.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface BundleSize {
  minified: number;
  gzipped: number;
}

/** Bundles `entrySource` (an ES module written into `workDir`) for the browser and measures it. */
export async function bundleSize(entrySource: string, workDir: string, nodePaths: string[] = []): Promise<BundleSize> {
  mkdirSync(workDir, { recursive: true });
  const entry = join(workDir, "entry.ts");
  writeFileSync(entry, entrySource);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    nodePaths,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

/** Our one-operation program, as a file the peers run type-checks alongside our client. */
export function ourEntry(clientDir: string): string {
  return [
    `import { createTransport, getDiscrepancies } from ${JSON.stringify(join(clientDir, "index.js"))};`,
    `export function run(token: string) {`,
    `  return getDiscrepancies(createTransport({ baseUrl: "https://api.example.test", token }), { supplyId: "1" });`,
    `}`,
    ``,
  ].join("\n");
}
