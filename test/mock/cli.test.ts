// `catalogen mock` as a user runs it: the built CLI in a child process (run `npm run build` first,
// as for the other CLI tests). It prints its address, serves, and Ctrl-C stops it with exit 0; a
// bad token table is a one-line error with file:line that never shows a token; with none it makes
// and prints development tokens.
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";

const bin = join(repoRoot, "bin/catalogen.js");

async function runBin(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

async function waitFor(read: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = read().match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${read()}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** The CLI started with `args`, its output collected as it comes. */
function started(args: string[], cwd: string) {
  const child = spawn(process.execPath, [bin, ...args], { cwd });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

describe("catalogen mock", () => {
  it("serves on the address it prints, with the token table from the config, until Ctrl-C (exit 0)", async () => {
    const dir = await freshDir("mock-cli");
    await mkdir(join(dir, "dev"));
    await writeFile(join(dir, "dev/tokens.txt"), "# demo tokens\nsecret-personal=seller-1:personal\n\nsecret-service=seller-1:service\n");
    await writeFile(join(dir, "package.json"), JSON.stringify({ catalogen: { catalogue: repoCatalogue, mock: { tokens: "dev/tokens.txt" } } }));
    const { child, out, err, exited } = started(["mock", "--port", "0", "--seed", "7"], dir);
    try {
      const [, url] = await waitFor(
        out,
        /^catalogen mock: 184 operations on (http:\/\/127\.0\.0\.1:\d+) \(2 tokens, seed 7\); Ctrl-C stops it\n/,
      );
      const discrepancies = `${url}/api/supplies/v1/discrepancies/supply-1`;
      expect((await fetch(discrepancies, { headers: { authorization: "secret-service" } })).status).toBe(200);
      // Both tokens are seller-1's: one request a minute between them.
      expect((await fetch(discrepancies, { headers: { authorization: "secret-personal" } })).status).toBe(429);
      expect((await fetch(discrepancies, { headers: { authorization: "secret-other" } })).status).toBe(401);
      child.kill("SIGINT");
      expect(await exited).toBe(0);
      expect(out()).toMatch(/catalogen mock: stopped\n$/);
      expect(err()).toBe("");
      expect(out()).not.toContain("secret-");
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("refuses a bad token table with file:line and exit 1, never printing a token", async () => {
    const dir = await freshDir("mock-cli");
    await writeFile(join(dir, "tokens.txt"), "secret-ok=seller-1:personal\nsecret-bad=seller-1:admin\n");
    const wrongKind = await runBin(["mock", "--catalogue", repoCatalogue, "--tokens", "tokens.txt"], dir);
    expect(wrongKind).toMatchObject({ code: 1, out: "" });
    expect(wrongKind.err).toBe('catalogen mock: tokens.txt:2: unknown token kind "admin"; the catalogue\'s kinds are personal, service\n');
    await writeFile(join(dir, "tokens.txt"), "secret-ok=seller-1:personal\nsecret-no-seller\n");
    const malformed = await runBin(["mock", "--catalogue", repoCatalogue, "--tokens", "tokens.txt"], dir);
    expect(malformed.err).toBe("catalogen mock: tokens.txt:2: expected token=sellerId:kind [categories=a,b] [readonly]\n");
    const missing = await runBin(["mock", "--catalogue", repoCatalogue, "--tokens", "absent.txt"], dir);
    expect(missing).toMatchObject({ code: 1, err: "catalogen mock: cannot read the token table absent.txt: not found; write one token=sellerId:kind a line there (see ../../docs/mock.md), or name another file with --tokens FILE\n" });
    // The page it names, from the working folder, is the one installed with catalogen.
    expect(existsSync(join(dir, "../../docs/mock.md"))).toBe(true);
    for (const result of [wrongKind, malformed, missing]) expect(result.err + result.out).not.toContain("secret");
  });

  it("runs with no configuration: a development token per kind, printed, and a free port when 4010 is taken", async () => {
    // Hold 4010 (or find it held by someone else): either way the mock must not stop for it.
    const holder = createServer();
    await new Promise<void>((done) => holder.once("error", () => done()).listen(4010, "127.0.0.1", () => done()));
    const dir = await freshDir("mock-cli");
    const { child, out, err, exited } = started(["mock", "--catalogue", repoCatalogue], dir);
    try {
      const [, url = ""] = await waitFor(out, /^catalogen mock: 184 operations on (http:\/\/127\.0\.0\.1:\d+) \(2 tokens, seed 1\); Ctrl-C stops it\n[^]*  service   dev-service\n/);
      expect(url).not.toBe("http://127.0.0.1:4010");
      expect(out().split("\n").slice(1, 5)).toEqual([
        "catalogen mock: port 4010 is taken, so a free one; --port N chooses",
        'catalogen mock: no --tokens FILE (or mock.tokens in the config), so development tokens, one per token kind, all of seller "dev":',
        "  personal  dev-personal",
        "  service   dev-service",
      ]);
      const discrepancies = `${url}/api/supplies/v1/discrepancies/supply-1`;
      expect((await fetch(discrepancies, { headers: { authorization: "dev-personal" } })).status).toBe(200);
      // One identity: the service token shares the personal token's budget of one a minute.
      expect((await fetch(discrepancies, { headers: { authorization: "dev-service" } })).status).toBe(429);
      expect((await fetch(discrepancies, { headers: { authorization: "dev-other" } })).status).toBe(401);
      child.kill("SIGINT");
      expect(await exited).toBe(0);
      expect(err()).toBe("");
    } finally {
      child.kill("SIGKILL");
      holder.close();
    }
  });

  it("is a usage error (exit 2) with a bad port", async () => {
    const dir = await freshDir("mock-cli");
    const port = await runBin(["mock", "--catalogue", repoCatalogue, "--tokens", "x", "--port", "80a"], dir);
    expect(port.code).toBe(2);
    expect(port.err).toMatch(/^catalogen mock: --port must be a whole number from 0 to 65535\n/);
  });
});
