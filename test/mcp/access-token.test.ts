// `catalogen mcp --http` beyond loopback: refused without API_MCP_ACCESS_TOKEN (one line, exit 1,
// nothing listening); with it, every request must bring it as a bearer token. The SDK's own client.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/generate.js";
import { bin, httpSession } from "./support.js";

const catalogue = join(repoRoot, "test/fixtures/catalogues/servers");
const ACCESS = "mcp-access-2b8d41f07c";
const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", API_TOKEN: "api-token-secret-1", API_BASE_URL: "http://127.0.0.1:9" };

describe("catalogen mcp --http and its access token", () => {
  it("refuses --host 0.0.0.0 without API_MCP_ACCESS_TOKEN: one line naming it, exit 1", () => {
    const run = spawnSync(process.execPath, [bin, "mcp", "--http", "0", "--host", "0.0.0.0", "--catalogue", catalogue], { cwd: repoRoot, env, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe("catalogen mcp: listening on 0.0.0.0 (not loopback) needs API_MCP_ACCESS_TOKEN: whoever reaches the endpoint calls the API with this server's credentials");
    expect(run.stdout).toBe("");
  }, 60_000);

  it("refuses an access token too short to guard anything, without showing it", () => {
    const run = spawnSync(process.execPath, [bin, "mcp", "--http", "0", "--catalogue", catalogue], { cwd: repoRoot, env: { ...env, API_MCP_ACCESS_TOKEN: "short-one" }, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("API_MCP_ACCESS_TOKEN must be at least 16 characters");
    expect(run.stderr + run.stdout).not.toContain("short-one");
  }, 60_000);

  it("with it, serves the SDK's client that brings it and answers 401 to a request without it", async () => {
    const session = await httpSession(["--catalogue", catalogue], { ...env, API_MCP_ACCESS_TOKEN: ACCESS }, { authorization: `Bearer ${ACCESS}` });
    try {
      expect((await session.client.listTools()).tools.length).toBeGreaterThan(0);
      const bare = await fetch(session.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
      expect(bare.status).toBe(401);
      expect(session.output()).toContain("API_MCP_ACCESS_TOKEN as bearer token required");
      expect(session.output()).not.toContain(ACCESS);
    } finally {
      await session.close();
    }
  }, 60_000);
});
