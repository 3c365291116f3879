// serveHttp's access token: driven by the SDK's own client over real HTTP on 127.0.0.1.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { SetupError } from "./env.js";
import { createToolServer, isLoopback, serveHttp, type RunningHttp } from "./server.js";
import type { ToolModule } from "./tools.js";

const ACCESS = "mcp-access-7f3a9c2e51";
const MODULE: ToolModule<string> = {
  id: "things",
  title: "Things",
  area: "Everything about things",
  defs: {},
  tools: [{ name: "getThing", module: "things", title: "Get", description: "Gets a thing", input: { properties: {}, required: [] }, result: { type: "object" }, defs: [], method: "GET", operation: "op" }],
};
const makeServer = () => createToolServer({ name: "test", version: "1.0.0", modules: [MODULE], send: async () => ({}) as never });

let running: RunningHttp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function toolNames(url: string, headers?: Record<string, string>): Promise<string[]> {
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), headers && { requestInit: { headers } }));
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

const initialize = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }),
  });

describe("serveHttp with an access token", () => {
  it("on loopback without one, answers anybody (as before)", async () => {
    running = await serveHttp(makeServer, { port: 0 });
    expect(await toolNames(running.url)).toEqual(["getThing"]);
  });

  it("answers 401 without the bearer token or with a wrong one, and serves the SDK's client that brings it", async () => {
    running = await serveHttp(makeServer, { port: 0, accessToken: ACCESS });
    for (const headers of [{}, { authorization: "Bearer wrong-token-0000000" }, { authorization: `Bearer ${ACCESS}x` }, { authorization: ACCESS }, { authorization: `Basic ${ACCESS}` }]) {
      const response = await initialize(running.url, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="mcp"');
      expect(await response.text()).not.toContain(ACCESS);
    }
    await expect(toolNames(running.url)).rejects.toThrow();
    expect(await toolNames(running.url, { authorization: `Bearer ${ACCESS}` })).toEqual(["getThing"]);
  });

  it("refuses to listen beyond loopback without one, naming the variable", async () => {
    const attempt = serveHttp(makeServer, { port: 0, host: "0.0.0.0", accessTokenVariable: "API_MCP_ACCESS_TOKEN" });
    await expect(attempt).rejects.toBeInstanceOf(SetupError);
    await expect(attempt).rejects.toThrow(/listening on 0\.0\.0\.0 \(not loopback\) needs API_MCP_ACCESS_TOKEN/);
  });

  it("on a wildcard address with one, serves a client that reaches it by any name and brings the token", async () => {
    running = await serveHttp(makeServer, { port: 0, host: "0.0.0.0", accessToken: ACCESS });
    const url = running.url.replace("0.0.0.0", "127.0.0.1");
    expect((await initialize(url)).status).toBe(401);
    expect(await toolNames(url, { authorization: `Bearer ${ACCESS}` })).toEqual(["getThing"]);
  });

  it("tells loopback addresses from others", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST", "::ffff:127.0.0.1"]) expect([host, isLoopback(host)]).toEqual([host, true]);
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "example.com", "127.0.0.1.example.com", "localhost.evil"]) expect([host, isLoopback(host)]).toEqual([host, false]);
  });
});
