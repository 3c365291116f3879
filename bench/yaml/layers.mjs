// Where the yaml package's time goes on a catalogue's files (issue 45): each layer, alone, on the
// same texts, rounds interleaved; run from the repository root after npm run build:
//   node bench/yaml/layers.mjs .tmp/bench/catalogues/10000 [rounds]
import { readFileSync, readdirSync } from "node:fs";
import YAML, { Composer, Lexer, LineCounter, Parser, parseAllDocuments, parseDocument } from "yaml";
const [dir, rounds = "3"] = process.argv.slice(2);
const texts = readdirSync(dir).filter((n) => n.endsWith(".yaml")).map((n) => readFileSync(`${dir}/${n}`, "utf8"));
const { readYamlFast } = await import(`${process.cwd()}/dist/load/fast-yaml.js`);
const { parseCatalogueFile } = await import(`${process.cwd()}/dist/load/parse-file.js`);
const env = process.env;
const plainEnv = (run) => () => { process.env = { ...env }; try { run(); } finally { process.env = env; } };
const cheap = { keepSourceTokens: false, prettyErrors: false, uniqueKeys: false, intAsBigInt: false, version: "1.2" };
const ways = {
  lexer: () => { for (const x of texts) for (const _ of new Lexer().lex(x)); },
  parser: plainEnv(() => { for (const x of texts) for (const _ of new Parser(new LineCounter().addNewLine).parse(x)); }),
  "parser (process.env as is)": () => { for (const x of texts) for (const _ of new Parser().parse(x)); },
  composer: plainEnv(() => { for (const x of texts) for (const _ of new Composer().compose(new Parser().parse(x))); }),
  parseDocument: plainEnv(() => { for (const x of texts) parseDocument(x, { prettyErrors: false, uniqueKeys: true }); }),
  "parseDocument cheap options": plainEnv(() => { for (const x of texts) parseDocument(x, cheap); }),
  "parseDocument cheap, core": plainEnv(() => { for (const x of texts) parseDocument(x, { ...cheap, schema: "core" }); }),
  "parseDocument cheap, failsafe": plainEnv(() => { for (const x of texts) parseDocument(x, { ...cheap, schema: "failsafe" }); }),
  "parseDocument + toJS": plainEnv(() => { for (const x of texts) parseDocument(x, { prettyErrors: false, uniqueKeys: true }).toJS({ maxAliasCount: -1 }); }),
  "YAML.parse": plainEnv(() => { for (const x of texts) YAML.parse(x); }),
  parseAllDocuments: plainEnv(() => { for (const x of texts) parseAllDocuments(x, { prettyErrors: false }); }),
  "fast path (readYamlFast)": () => { for (const x of texts) readYamlFast(x); },
  "parseCatalogueFile": () => { for (const x of texts) parseCatalogueFile("a", "a", x); },
};
const only = process.env.LAYERS?.split(",");
const totals = new Map();
for (let r = 0; r < Number(rounds); r++) {
  for (const [name, run] of Object.entries(ways)) {
    if (only && !only.includes(name)) continue;
    const c0 = process.cpuUsage();
    run();
    const c = process.cpuUsage(c0);
    (totals.get(name) ?? totals.set(name, []).get(name)).push(Math.round((c.user + c.system) / 1000));
  }
}
console.log(`${texts.length} files, load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}; CPU ms per round:`);
for (const [name, ms] of totals) console.log(`${name.padEnd(32)} ${ms.join("  ")}`);
