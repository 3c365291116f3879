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
