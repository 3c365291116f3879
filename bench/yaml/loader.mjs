// Measurement script of BENCHMARKS.md (issue 26, fifth pass, yamlfast); run from the repository root after npm run build:
//   node bench/yaml/loader.mjs .tmp/bench/catalogues/1000 full|fast
import { readFileSync, readdirSync } from "node:fs";
const which = process.argv[3];
const dir = process.argv[2];
const { parseCatalogueFile, parseCatalogueDocument } = await import(process.cwd() + "/dist/load/parse-file.js");
const texts = readdirSync(dir).filter(n => n.endsWith(".yaml")).map(n => readFileSync(dir + "/" + n, "utf8"));
const f = which === "fast" ? parseCatalogueFile : parseCatalogueDocument;
const s = performance.now(); const c0 = process.cpuUsage();
for (const x of texts) f("a", "a", x);
const c = process.cpuUsage(c0);
console.log(which, (performance.now() - s).toFixed(0), "ms wall", ((c.user + c.system) / 1000).toFixed(0), "ms cpu");
