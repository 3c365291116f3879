// The sandbox commands of docs/server.md, read from the page and run as written against the committed
// generated/server: esbuild bundles examples/sandbox/main.ts, node runs the bundle with the page's
// SANDBOX_TOKENS (and PORT=0, so the test takes a free port; main.ts prints the bound address), and
// the page's curl request is sent with fetch. A line there that stops working fails here.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freshDir, repoRoot } from "../helpers/generate.js";

interface ReadmeCommands {
  entry: string;
  esbuildFlags: string[];
  outfile: string;
  tokens: string;
  runs: string;
  header: [string, string];
  url: URL;
}

/** The three lines of the `sh` block under "### Example: the sandbox". */
async function readmeCommands(): Promise<ReadmeCommands> {
  const readme = await readFile(join(repoRoot, "docs/server.md"), "utf8");
  const section = readme.split(/^## Example: the sandbox$/m)[1]?.split(/^##/m)[0] ?? "";
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const [build = "", run = "", curl = ""] = block.trim().split("\n");
  const esbuild = /^npx esbuild (\S+) (.*)$/.exec(build);
  const flags = esbuild?.[2]?.split(" ") ?? [];
  const outfile = flags.find((flag) => flag.startsWith("--outfile="))?.slice("--outfile=".length);
  const node = /^SANDBOX_TOKENS="([^"]+)" node (\S+)$/.exec(run);
  const request = /^curl -H "([^:"]+): ([^"]+)" (\S+)$/.exec(curl);
  if (!esbuild?.[1] || !outfile || !node?.[1] || !node[2] || !request?.[1] || !request[2] || !request[3]) {
    throw new Error(`docs/server.md sandbox block not in the expected shape:\n${block}`);
  }
  return {
    entry: esbuild[1],
    esbuildFlags: flags.filter((flag) => !flag.startsWith("--outfile=")),
    outfile,
    tokens: node[1],
    runs: node[2],
    header: [request[1], request[2]],
    url: new URL(request[3]),
  };
}

/** esbuild CLI flags -> build options; a flag this test does not know fails it (docs/server.md changed). */
function buildOptions(flags: string[]): { bundle?: boolean; platform?: "node"; format?: "esm" } {
  const options: { bundle?: boolean; platform?: "node"; format?: "esm" } = {};
  for (const flag of flags) {
    if (flag === "--bundle") options.bundle = true;
    else if (flag === "--platform=node") options.platform = "node";
    else if (flag === "--format=esm") options.format = "esm";
    else throw new Error(`docs/server.md esbuild flag not understood by this test: ${flag}`);
  }
  return options;
}

/** Resolves with the address main.ts prints once it listens. */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`sandbox did not start: ${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code}: ${output}`));
    });
  });
}

describe("docs/server.md: running the sandbox", () => {
  let commands: ReadmeCommands;
  let child: ChildProcess | undefined;
  let base: string;

  beforeAll(async () => {
    commands = await readmeCommands();
    const esbuild = await import("esbuild");
    // The page writes .tmp/sandbox.mjs; the test writes the same file into its own folder.
    const outfile = join(await freshDir("readme-sandbox"), "sandbox.mjs");
    await esbuild.build({
      entryPoints: [join(repoRoot, commands.entry)],
      outfile,
      logLevel: "silent",
      ...buildOptions(commands.esbuildFlags),
    });
    child = spawn(process.execPath, [outfile], {
      env: { ...process.env, SANDBOX_TOKENS: commands.tokens, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    base = await listeningAddress(child);
  }, 30_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });

  test("the commands are the ones this test runs", () => {
    expect(commands.entry).toBe("examples/sandbox/main.ts");
    expect(commands.runs).toBe(commands.outfile);
    expect(commands.url.origin).toBe("http://127.0.0.1:8080");
    expect(commands.header[0].toLowerCase()).toBe("authorization");
  });

  test("main.ts listens on PORT, 8080 by default", async () => {
    const main = await readFile(join(repoRoot, "examples/sandbox/main.ts"), "utf8");
    expect(main).toMatch(/process\.env\["PORT"\] \?\? 8080/);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(base).not.toBe("http://127.0.0.1:0");
  });

  test("the curl request answers 200 with the sandbox's records, then the seller's budget is spent", async () => {
    const [name, token] = commands.header;
    const url = `${base}${commands.url.pathname}${commands.url.search}`;
    const response = await fetch(url, { headers: { [name]: token } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual([
      { discrepancyType: "surplus", discrepancyLabel: "surplus" },
      { discrepancyType: "shortage", discrepancyLabel: "re-sorting" },
    ]);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
    // getDiscrepancies allows 1 per minute per seller: the page's other token is the same seller.
    const other = commands.tokens.split(",").map((entry) => entry.split("=")[0] ?? "")[1] ?? "";
    const again = await fetch(url, { headers: { [name]: other } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await again.text()).not.toContain(other);
  });

  test("stops cleanly on SIGTERM", async () => {
    const running = child;
    expect(running?.exitCode).toBeNull();
    const exited = new Promise<number | null>((resolve) => running?.once("exit", (code) => resolve(code)));
    running?.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
