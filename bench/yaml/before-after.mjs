// The fast path before and after a change, paired in one process (issue 45): rounds alternate
// between a built copy of catalogen (`BASE`) and this one, reading the same files through
// parseCatalogueFile; run from the repository root after npm run build:
//   node bench/yaml/before-after.mjs .tmp/bench/catalogues/10000 /path/to/base [rounds]
import { readFileSync, readdirSync } from "node:fs";
const [dir, base, rounds = "6"] = process.argv.slice(2);
const texts = readdirSync(dir).filter((n) => n.endsWith(".yaml")).map((n) => readFileSync(`${dir}/${n}`, "utf8"));
const ways = {
  before: (await import(`${base}/dist/load/parse-file.js`)).parseCatalogueFile,
  after: (await import(`${process.cwd()}/dist/load/parse-file.js`)).parseCatalogueFile,
};
const cpu = { before: [], after: [] };
for (let round = 0; round < Number(rounds); round++) {
  for (const name of round % 2 === 0 ? ["before", "after"] : ["after", "before"]) {
    const start = process.cpuUsage();
    for (const text of texts) ways[name]("a", "a", text);
    const used = process.cpuUsage(start);
    cpu[name].push(Math.round((used.user + used.system) / 1000));
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${texts.length} files, load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}; CPU ms per round (first round includes warm-up)`);
for (const name of ["before", "after"]) console.log(`${name.padEnd(7)} median ${median(cpu[name])}  rounds ${cpu[name].join(" ")}`);
