// The `catalogen mock` sessions shown in docs/mock.md, replayed against the real CLI: the token file
// each shows, the lines it prints on starting, each curl request's status, headers and body, and Ctrl-C.
// The page shows port 4010; the test takes a free port and reads every URL with it.
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { expect, test } from "vitest";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { blocksOf, shellWords } from "./guide-blocks.js";

interface Step {
  command: string[];
  output: string[];
}

async function transcripts(): Promise<Step[][]> {
  const page = "docs/mock.md";
  const blocks = blocksOf(page, await readFile(join(repoRoot, page), "utf8")).filter((candidate) => candidate.lang === "console");
  return blocks.map((block) => {
    const steps: Step[] = [];
    for (const line of block.text.split("\n")) {
      if (line.startsWith("$ ")) steps.push({ command: shellWords(line.slice(2)), output: [] });
      else if (line === "^C") steps.push({ command: ["^C"], output: [] });
      else if (line !== "") steps.at(-1)?.output.push(line);
    }
    return steps;
  });
}

test("docs/mock.md shows a session with no configuration and one with a token table", async () => {
  const [bare, table] = await transcripts();
  expect(bare?.map((step) => step.command[0])).toEqual(["npx", "curl", "curl", "curl", "curl", "^C"]);
  expect(bare?.[0]?.command).toEqual(["npx", "catalogen", "mock"]);
  expect(table?.map((step) => step.command[0])).toEqual(["cat", "npx", "curl", "^C"]);
});

test.each([0, 1])("docs/mock.md's session %i runs as shown", async (index) => {
  const steps = (await transcripts())[index] ?? [];
  const dir = await freshDir("mock-transcript");
  const files = new Map<string, string>();
  while (steps[0]?.command[0] === "cat") {
    const cat = steps.shift()!;
    files.set(cat.command[1] ?? "", join(dir, cat.command[1] ?? ""));
    await writeFile(join(dir, cat.command[1] ?? ""), `${cat.output.join("\n")}\n`);
  }
  const [start, ...rest] = steps as [Step, ...Step[]];
  const args = start.command.slice(2).map((word) => files.get(word) ?? word);
  const child = spawn(process.execPath, [join(repoRoot, "bin/catalogen.js"), ...args, "--port", "0"], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const banner = String((await lines.next()).value);
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? "";
  expect(banner).toBe(start.output[0]?.replace("http://127.0.0.1:4010", url));
  for (const expected of start.output.slice(1)) expect(String((await lines.next()).value)).toBe(expected);
  try {
    for (const step of rest) {
      if (step.command[0] === "^C") {
        child.kill("SIGINT");
        expect(String((await lines.next()).value)).toBe(step.output[0]);
        expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
        continue;
      }
      const flags = step.command.slice(1);
      const header = flags[flags.indexOf("-H") + 1]?.split(": ") ?? [];
      const method = (flags.includes("-X") ? flags[flags.indexOf("-X") + 1] : undefined) ?? "GET";
      const target = (flags.at(-1) ?? "").replace("http://127.0.0.1:4010", url);
      const response = await fetch(target, { method, headers: { [header[0] ?? ""]: header[1] ?? "" } });
      const body = await response.text();
      if (!flags.includes("-i")) {
        expect(body, step.command.join(" ")).toBe(step.output.join("\n"));
        continue;
      }
      const [status, ...headerLines] = step.output;
      expect(`HTTP/1.1 ${response.status} ${response.statusText}`).toBe(status);
      for (const line of headerLines.filter((candidate) => candidate !== "...")) {
        const [name = "", value] = line.split(": ");
        expect(response.headers.get(name), line).toBe(value);
      }
    }
  } finally {
    child.kill();
  }
}, 60_000);
