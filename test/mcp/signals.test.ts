// Issue 42, point 8: `catalogen mcp` leaves no temporary folder on SIGTERM or SIGINT, whenever the
// signal comes: at once, while it writes the generated server into its temporary folder, once it is
// ready, after a tool call. Each run is a real spawned CLI (this repository's catalogue) with TMPDIR
// set to a folder of the test's own, which must be empty once the process is gone.
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { bin } from "./support.js";

const TOKEN = "mcp-signal-token-personal-1";
let mock: MockServer;

beforeAll(async () => {
  mock = await startMock({ catalogue: repoCatalogue, tokens: { [TOKEN]: { sellerId: "seller-1", tokenKind: "personal" } } });
}, 180_000);

afterAll(async () => {
  await mock?.close();
});

function envWith(tmp: string): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TMPDIR: tmp, API_TOKEN: TOKEN, API_TOKEN_KIND: "personal" };
}

/** A spawned `catalogen mcp` on stdio whose temporary folders go into `tmp`; `ready` settles on its "on stdio" line. */
function startMcp(tmp: string) {
  const child = spawn(process.execPath, [bin, "mcp", "--base-url", mock.url], { cwd: repoRoot, env: envWith(tmp), stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  const ready = new Promise<void>((resolve) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(" on stdio")) resolve();
    });
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, ready, exited, stderr: () => stderr };
}

async function tmpFolder(name: string): Promise<string> {
  const tmp = join(await freshDir(name), "tmp");
  await mkdir(tmp);
  return tmp;
}

/** Ended by the signal, or by the exit the command gives a signal; never a crash. */
function expectStopped(result: { code: number | null; signal: NodeJS.Signals | null }, signal: NodeJS.Signals, stderr: string) {
  if (result.signal === null) expect(result.code, stderr).toBe(0);
  else expect(result.signal).toBe(signal);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe("catalogen mcp stopped by a signal leaves no temporary folder", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`${signal} at once, before anything is ready`, async () => {
      const tmp = await tmpFolder(`mcp-signal-at-once-${signal}`);
      const mcp = startMcp(tmp);
      mcp.child.kill(signal);
      expectStopped(await mcp.exited, signal, mcp.stderr());
      expect(await readdir(tmp)).toEqual([]);
    });

    it(`${signal} while the generated server is written into its temporary folder`, async () => {
      // Sent when the folder appears; a run that got to "ready" first (a busy machine) is tried again.
      let duringStartUp = false;
      for (let attempt = 0; attempt < 3 && !duringStartUp; attempt++) {
        const tmp = await tmpFolder(`mcp-signal-start-up-${signal}-${attempt}`);
        let seen = false;
        const watcher = watch(tmp, (_event, name) => {
          if (!seen && name?.startsWith("catalogen-mcp-")) {
            seen = true;
            mcp.child.kill(signal);
          }
        });
        const mcp = startMcp(tmp);
        try {
          expectStopped(await mcp.exited, signal, mcp.stderr());
        } finally {
          watcher.close();
        }
        expect(seen).toBe(true);
        expect(await readdir(tmp)).toEqual([]);
        duringStartUp = !mcp.stderr().includes(" on stdio");
      }
      expect(duringStartUp, "no signal landed during start-up").toBe(true);
    }, 300_000);

    it(`${signal} right after it is ready`, async () => {
      const tmp = await tmpFolder(`mcp-signal-ready-${signal}`);
      const mcp = startMcp(tmp);
      await mcp.ready;
      mcp.child.kill(signal);
      expectStopped(await mcp.exited, signal, mcp.stderr());
      expect(await readdir(tmp)).toEqual([]);
    }, 180_000);
  }

  it("SIGTERM after a tool call through the SDK's client", async () => {
    const tmp = await tmpFolder("mcp-signal-after-call");
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp", "--base-url", mock.url], env: envWith(tmp), cwd: repoRoot, stderr: "pipe" });
    const client = new Client({ name: "catalogen-test", version: "1.0.0" });
    await client.connect(transport);
    const pid = transport.pid!;
    const result = await client.callTool({ name: "getDiscrepancies", arguments: { supplyId: "WB-GI-1234" } });
    expect(result.structuredContent).toMatchObject({ status: "ok" });
    process.kill(pid, "SIGTERM");
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(alive, { timeout: 60_000, interval: 100 }).toBe(false);
    await client.close();
    expect(await readdir(tmp)).toEqual([]);
  }, 180_000);
});
