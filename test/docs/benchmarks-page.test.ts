// BENCHMARKS.md is one current page (issue 44): what is measured, how to rerun each figure, the
// latest tables with date, machine and load. The passes before it live in bench/results/history.md.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { expect, test } from "vitest";
import { repoRoot } from "../helpers/generate.js";

const page = await readFile(join(repoRoot, "BENCHMARKS.md"), "utf8");
const launcher = await readFile(join(repoRoot, "bench/main.mjs"), "utf8");
const scripts = Object.keys((JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts);

test("the page is short enough to read, and keeps the markers the bench scripts write between", () => {
  expect(page.split("\n").length).toBeLessThan(300);
  for (const name of ["bench", "peers", "server", "redis-store"]) {
    expect(page).toContain(`<!-- ${name}:start -->`);
    expect(page).toContain(`<!-- ${name}:end -->`);
  }
  for (const heading of ["## What is measured", "## How to rerun each figure", "## Side by side with the peers"]) expect(page).toContain(heading);
});

test("every rerun command names a real script, harness or file", () => {
  const commands = [...page.matchAll(/`((?:npm run|node bench\/main\.mjs|BASE=\S+ bash) [^`]*)`/g)].map((match) => match[1] ?? "");
  expect(commands.length).toBeGreaterThan(8);
  for (const command of commands) {
    const npm = /^npm run (\S+)/.exec(command);
    const harness = /^node bench\/main\.mjs (\S+)/.exec(command);
    const script = /^BASE=\S+ bash (\S+)/.exec(command);
    if (npm) expect(scripts, command).toContain(npm[1]);
    if (harness) expect(launcher, command).toMatch(new RegExp(`^\\s+"?${harness[1]}"?: "bench/`, "m"));
    if (script) expect(existsSync(join(repoRoot, script[1] ?? "")), command).toBe(true);
  }
});

test("each table says when, on what machine and under what load", () => {
  const tables = page.split(/\n(?=## )/).filter((section) => section.includes("\n| ---"));
  expect(tables.length).toBeGreaterThan(4);
  for (const section of tables) {
    const heading = section.split("\n")[0];
    if (heading === "## How to rerun each figure") continue;
    expect(section, heading).toMatch(/20\d\d-\d\d-\d\d/);
    expect(section, heading).toMatch(/load/);
    expect(section, heading).toMatch(/cores|AMD EPYC/);
  }
});

test("the history is kept in bench/results, and the page's and history's links resolve", async () => {
  const history = await readFile(join(repoRoot, "bench/results/history.md"), "utf8");
  expect(history).toContain("## Issue 26, eleventh pass");
  for (const [file, text] of [["BENCHMARKS.md", page], ["bench/results/history.md", history]] as const) {
    for (const [, target = ""] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      expect(existsSync(join(repoRoot, dirname(file), target)), `${file}: ${target}`).toBe(true);
    }
  }
});

test("README's first screen says why one would pick catalogen over its peers, with a link to the page", async () => {
  const firstScreen = (await readFile(join(repoRoot, "README.md"), "utf8")).split("\n").slice(0, 15).join("\n");
  for (const peer of ["openapi-typescript", "hey-api", "orval"]) expect(firstScreen).toContain(peer);
  expect(firstScreen).toContain("](BENCHMARKS.md)");
});

test("bench:peers writes the before and after rows with their ratios, on both workloads", async () => {
  const { documentTable, peerTables } = await import("../../bench/lib/report.js");
  const machine = { date: "2026-12-07T14:00:00.000Z", commit: "aaaaaaa", node: "v20", cpu: "CPU", cores: 2, memoryGiB: 8, loadStart: 0.5, loadEnd: 0.6 };
  const tool = (name: string, wallMs: number, oneChangedMs?: number) => ({
    tool: name,
    generates: "client",
    generate: { wallMs, rssMiB: 100, runs: 1 },
    ...(oneChangedMs !== undefined && { oneChanged: { wallMs: oneChangedMs, rssMiB: 100, runs: 3 } }),
  });
  const peers = peerTables({
    machine,
    results: [
      {
        operations: 10_000,
        workload: { name: "many modules", catalogueFiles: 545, modules: 544, outputFiles: 5467 },
        rounds: 1,
        before: tool("catalogen (before)", 2000, 600),
        beforeCommit: "b582b6a",
        ours: tool("catalogen (after)", 1000, 400),
        peers: [tool("oazapfts 7.5.0", 1500)],
      },
    ],
  });
  expect(peers).toContain("### many modules, 10,000 operations: 545 catalogue files in 544 modules, 5,467 output files (1 interleaved round, medians; before: b582b6a;");
  expect(peers).toMatch(/\| catalogen \(before\) \| client \| 2\.00 s \| 100 MiB \| 2\.00x \| 600 ms \(1\.50x\) \|/);
  expect(peers).toMatch(/\| catalogen \(after\) \| client \| 1\.00 s \| 100 MiB \| 1x \| 400 ms \|/);
  expect(peers).toMatch(/\| oazapfts 7\.5\.0 \| client \| 1\.50 s \| 100 MiB \| 1\.50x \| - \|/);

  const documents = documentTable({
    date: machine.date,
    machine,
    rounds: 2,
    beforeCommit: "b582b6a",
    documents: [],
    rows: [
      { document: "GitHub (1,222 ops)", key: "best four", tool: "**catalogen document to four targets**", what: "client, server, docs, OpenAPI", wallMs: 1000 },
      { document: "GitHub (1,222 ops)", key: "living four", tool: "  catalogen, living source: generate", what: "client, server, docs, OpenAPI", wallMs: 1000, ratio: 0.5, oneChangedMs: 500, before: { wallMs: 1100, oneChangedMs: 1000 } },
      { document: "GitHub (1,222 ops)", key: "import four", tool: "  catalogen import + generate", what: "client, server, docs, OpenAPI", wallMs: 3000 },
      { document: "GitHub (1,222 ops)", key: "oazapfts", tool: "oazapfts", what: "client", wallMs: 2000, ratio: 1 },
    ],
  });
  expect(documents).toContain("| GitHub (1,222 ops) | catalogen, living source | client, server, docs, OpenAPI | 1.00 s | 0.50x | - | 500 ms (before 1.00 s, 2.00x) | 1.10 s | 1.10x |");
  expect(documents).toContain("| GitHub | oazapfts | client | 2.00 s | 1.00x | - | - | - | - |");
  expect(documents).not.toContain("3.00 s"); // the import row stays in the JSON
});

test("the page has room for the before rows: a --before run of every size keeps it under 300 lines", async () => {
  const results = JSON.parse(await readFile(join(repoRoot, "bench/results/peers.json"), "utf8")) as { results: { before?: unknown }[] };
  expect(page).toContain("<!-- documents:start -->");
  expect(page.split("\n").length + results.results.filter((size) => !size.before).length).toBeLessThan(300);
});
