// Writes the bench catalogues into .tmp/bench/catalogues/<size>/ and validates each with
// catalogen's own loader. Usage: node bench/main.mjs catalogues [sizes, default 184,1000,10000]
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { writeBenchCatalogue } from "./lib/catalogues.js";
import { findRepoRoot } from "./lib/measure.js";

const root = findRepoRoot();
const sizes = (process.argv[2] ?? "184,1000,10000").split(",").map(Number);
const { loadModel } = (await import(pathToFileURL(join(root, "dist/index.js")).href)) as typeof import("../src/index.js");

for (const size of sizes) {
  const dir = join(root, ".tmp/bench/catalogues", String(size));
  writeBenchCatalogue(join(root, "catalogue"), size, dir);
  const model = await loadModel(dir);
  const operations = model.modules.reduce((sum, module) => sum + module.operations.length, 0);
  if (operations !== size) throw new Error(`${dir}: ${operations} operations, expected ${size}`);
  console.log(`${dir}: ${operations} operations in ${model.modules.length} modules, ${model.types.length} named types: valid`);
}
