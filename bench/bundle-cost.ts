// What a program that calls only getDiscrepancies bundles to, and which source files the bytes
// come from: node bench/main.mjs bundle-cost [--client DIR] [--compact]
// Generates the client of the real catalogue with this build (or takes a generated `client/`
// folder; `--compact`: generated with the compact option), bundles the three programs of
// test/helpers/bundle.ts (bare createTransport, with all three features, through createClient, and
// one operation of the 52 of items over a bare transport)
// with esbuild as that helper does (minified, ESM), and prints each bundle's size with the bytes
// each input file contributes (esbuild's metafile).
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { bundleOptions, ONE_OPERATION_CLIENT_PROGRAM, ONE_OPERATION_FEATURES_PROGRAM, ONE_OPERATION_OF_MANY_PROGRAM, ONE_OPERATION_PROGRAM } from "../test/helpers/bundle.js";
import { findRepoRoot } from "./lib/measure.js";

const root = findRepoRoot();
const { values } = parseArgs({ options: { client: { type: "string" }, compact: { type: "boolean" } } });
let clientDir = values.client;
if (!clientDir) {
  const out = join(root, ".tmp/bench/bundle-cost");
  rmSync(out, { recursive: true, force: true });
  const flags = values.compact === true ? ["--compact"] : [];
  execFileSync(process.execPath, [join(root, "bin/catalogen.js"), "generate", "--out", out, "--target", "client", ...flags], { cwd: root, stdio: "ignore" });
  clientDir = join(out, "client");
}

const programs = { bare: ONE_OPERATION_PROGRAM, features: ONE_OPERATION_FEATURES_PROGRAM, client: ONE_OPERATION_CLIENT_PROGRAM, "one of items": ONE_OPERATION_OF_MANY_PROGRAM };
for (const [name, program] of Object.entries(programs)) {
  const result = await build({ ...bundleOptions(clientDir, program), metafile: true });
  const code = result.outputFiles[0]?.text ?? "";
  const bytes = Buffer.byteLength(code);
  console.log(`\n${name}: ${bytes.toLocaleString("en")} B minified, ${gzipSync(code, { level: 9 }).length.toLocaleString("en")} B gzipped`);
  const inputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {};
  const rows = Object.entries(inputs)
    .map(([file, input]) => [input.bytesInOutput, file.slice(file.indexOf("client/") + "client/".length)] as const)
    .filter(([size]) => size > 0)
    .sort((a, b) => b[0] - a[0]);
  for (const [size, file] of rows) console.log(`  ${String(size).padStart(6)}  ${file}`);
}
