// The wiring of docs/several-instances.md, run as written (node-redis for the client,
// ioredis for the server) against generated code and a real redis-server. Only what the snippets
// leave to the reader is supplied: the URLs, a token, handlers and authenticate.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { generateForTest, repoRoot } from "../helpers/generate.js";
import { bundleProgram, connect, runNode, startRedis, within, type RedisServer } from "./support.js";

let redis: RedisServer;
let out: string;
let snippets: string[];

beforeAll(async () => {
  const section = await readFile(join(repoRoot, "docs/several-instances.md"), "utf8");
  snippets = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
  redis = await startRedis();
  out = await generateForTest({ targets: ["client", "server"] });
});
afterAll(async () => {
  await redis?.stop();
});

test("docs/several-instances.md shows the client with node-redis and the server with ioredis", () => {
  expect(snippets).toHaveLength(2);
  expect(snippets[0]).toContain('from "redis"');
  expect(snippets[0]).toContain('from "./generated/client/index.js"');
  expect(snippets[1]).toContain('from "ioredis"');
  expect(snippets[1]).toContain('from "./generated/server/index.js"');
});

async function runSnippet(source: string, name: string, env: Record<string, string>): Promise<unknown> {
  const program = await bundleProgram(source.replaceAll("./generated/", "./"), out, name);
  const child = runNode(program, { REDIS_URL: redis.url, ...env });
  const result = await within(20_000, `the ${name} snippet of docs/several-instances.md`, child.next());
  await child.exited();
  return result;
}

test("the client snippet runs as written: its calls take from buckets in Redis", async () => {
  const api: Server = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end("[]"));
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  try {
    const snippet = snippets[0] ?? "";
    expect(snippet).toContain('baseUrl: "https://seller-api.example"');
    const source = [
      'const token = "readme-token";',
      snippet.replace('baseUrl: "https://seller-api.example"', "baseUrl: process.env.BASE_URL"),
      'await api.supplies.getDiscrepancies({ supplyId: "WB-GI-1234" });',
      'const second = await api.supplies.getDiscrepancies({ supplyId: "WB-GI-1234" }, { timeoutMs: 1000 }).catch((error) => error.kind);',
      "console.log(JSON.stringify({ second }));",
      "process.exit(0);",
    ].join("\n");
    const { port } = api.address() as AddressInfo;
    // The second call's turn is a minute away, beyond its timeout: refused at once, not waited for.
    expect(await runSnippet(source, "client", { BASE_URL: `http://127.0.0.1:${port}` })).toEqual({ second: "rate_limited" });
  } finally {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  }
  const connection = await connect("node-redis", redis.url);
  try {
    const keys = (await connection.command("KEYS", "catalogen:rate-limit:*")) as string[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^catalogen:rate-limit:\{getDiscrepancies:0:[0-9a-f]{32}\}$/);
  } finally {
    await connection.close();
  }
});

test("the server snippet runs as written: one seller, one request a minute, through Redis", async () => {
  const source = [
    'import { mockHandlers as handlers } from "./generated/server/index.js";',
    'const authenticate = (token) => ({ principalId: token, tokenKind: "personal" });',
    snippets[1] ?? "",
    'const get = () => handle(new Request("http://server.test/api/supplies/v1/discrepancies/s-1", { headers: { authorization: "readme-seller" } }));',
    "const statuses = [(await get()).status, (await get()).status];",
    "console.log(JSON.stringify({ statuses }));",
    "process.exit(0);",
  ].join("\n");
  expect(await runSnippet(source, "server", {})).toEqual({ statuses: [200, 429] });
});
