// How long prettier takes on each file of an output folder (formatting it again, with the
// pipeline's options): totals by parser and the costliest files. Evidence for where a generate's
// prettier time goes.   node bench/main.mjs prettier-cost OUTPUT_DIR [--top N]
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { parseArgs } from "node:util";
import * as prettier from "prettier";
import { FORMAT_OPTIONS, parserFor } from "../src/write/format.js";
import { listFiles } from "./lib/files.js";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "10" } } });
const dir = positionals[0];
if (!dir) throw new Error("usage: prettier-cost.mjs OUTPUT_DIR");
const byParser = new Map<string, { files: number; bytes: number; ms: number }>();
const byFile: [string, number, number][] = [];
await prettier.format("const warm = 1;", { parser: "typescript" }); // load the plugins outside the timings
for (const path of listFiles(dir)) {
  const parser = parserFor(path);
  if (!parser) continue;
  const text = readFileSync(path, "utf8");
  const started = performance.now();
  await prettier.format(text, { ...FORMAT_OPTIONS, parser });
  const ms = performance.now() - started;
  const total = byParser.get(parser) ?? { files: 0, bytes: 0, ms: 0 };
  byParser.set(parser, { files: total.files + 1, bytes: total.bytes + text.length, ms: total.ms + ms });
  byFile.push([relative(dir, path), text.length, ms]);
}
console.log("prettier time by parser:");
for (const [parser, total] of [...byParser].sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(`  ${parser.padEnd(11)} ${String(total.files).padStart(5)} files ${(total.bytes / 1024).toFixed(0).padStart(7)} KB ${total.ms.toFixed(0).padStart(7)} ms`);
}
console.log("costliest files:");
for (const [path, bytes, ms] of byFile.sort((a, b) => b[2] - a[2]).slice(0, Number(values.top))) {
  console.log(`  ${ms.toFixed(0).padStart(7)} ms ${(bytes / 1024).toFixed(0).padStart(6)} KB  ${path}`);
}
