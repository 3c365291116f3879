// The `catalogen mock` session shown in docs/mock.md, replayed against the real CLI: the token file
// it shows, the banner it prints, each curl request's status, headers and body, and Ctrl-C.
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

async function transcript(): Promise<Step[]> {
  const page = "docs/mock.md";
  const [block] = blocksOf(page, await readFile(join(repoRoot, page), "utf8")).filter((candidate) => candidate.lang === "console");
  const steps: Step[] = [];
  for (const line of block?.text.split("\n") ?? []) {
    if (line.startsWith("$ ")) steps.push({ command: shellWords(line.slice(2)), output: [] });
    else if (line === "^C") steps.push({ command: ["^C"], output: [] });
    else if (line !== "") steps.at(-1)?.output.push(line);
  }
  return steps;
}

test("docs/mock.md's session runs as shown", async () => {
  const steps = await transcript();
  expect(steps.map((step) => step.command[0])).toEqual(["cat", "npx", "curl", "curl", "curl", "curl", "^C"]);
  const dir = await freshDir("mock-transcript");
  const [cat, start, ...rest] = steps as [Step, Step, ...Step[]];
  await writeFile(join(dir, cat.command[1] ?? ""), `${cat.output.join("\n")}\n`);

  const args = start.command.slice(2).map((word) => (word === "dev-tokens.txt" ? join(dir, word) : word));
  const child = spawn(process.execPath, [join(repoRoot, "bin/catalogen.js"), ...args, "--port", "0"], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const banner = String((await lines.next()).value);
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? "";
  expect(banner).toBe(start.output[0]?.replace("http://127.0.0.1:4010", url));
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
