// Measurement script of BENCHMARKS.md (issue 26, fifth pass, yamlfast); run from the repository root after npm run build:
//   node bench/yaml/readers.mjs .tmp/bench/catalogues/1000 lex|cst|fast|lines
import { Parser, Lexer, LineCounter } from "yaml";
import { readFileSync, readdirSync } from "node:fs";
const [dir, which] = process.argv.slice(2);
const texts = readdirSync(dir).filter(n => n.endsWith(".yaml")).map(n => readFileSync(dir + "/" + n, "utf8"));
const env = process.env; process.env = { ...env };
const { readYamlFast } = await import(process.cwd() + "/dist/load/fast-yaml.js");
const s = performance.now(); const c0 = process.cpuUsage();
let n = 0;
if (which === "lex") for (const x of texts) for (const t of new Lexer().lex(x)) n++;
if (which === "cst") for (const x of texts) for (const t of new Parser(new LineCounter().addNewLine).parse(x)) n++;
if (which === "fast") for (const x of texts) readYamlFast(x);
const c = process.cpuUsage(c0);
console.log(which, (performance.now() - s).toFixed(0), "ms wall", (c.user / 1000).toFixed(0), "ms user");
if (which === "lines") { const { readYamlLines } = await import(process.cwd() + "/dist/load/fast-yaml-lines.js"); const s2 = performance.now(); const c2 = process.cpuUsage(); for (const x of texts) { try { readYamlLines(x, new LineCounter()); } catch {} } const c = process.cpuUsage(c2); console.log("lines only", (performance.now() - s2).toFixed(0), "ms wall", (c.user / 1000).toFixed(0), "ms user"); }
