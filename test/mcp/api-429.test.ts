// Issue 44, point 10: a 429 the API itself answers reaches the agent as what happened. The request
// was sent (the server below counts it) and refused; the answer must not say "nothing was sent",
// and says when the API asks to retry. `catalogen mcp` on stdio, driven by the SDK's own client,
// against a node:http server on 127.0.0.1 that refuses every request with 429 and Retry-After.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { stdioSession, type StdioSession } from "./support.js";

const TOKEN = "mcp-429-token-personal-1";
let server: Server;
let received = 0;
let session: StdioSession;

beforeAll(async () => {
  server = createServer((request, response) => {
    received++;
    request.resume();
    response.writeHead(429, { "content-type": "application/json", "retry-after": "300" }).end('{"title":"Too Many Requests"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  session = await stdioSession(["--base-url", url], { API_TOKEN: TOKEN, API_TOKEN_KIND: "personal" });
}, 180_000); // a spawned MCP server on a busy 2-core machine

afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => server?.close(resolve));
});

it("the API's own 429: the call was sent and refused, retry when the API says", async () => {
  const result = await session.client.callTool({ name: "getDiscrepancies", arguments: { supplyId: "WB-GI-1234" } });
  expect(received).toBeGreaterThan(0);
  expect(result.isError).toBe(true);
  const structured = result.structuredContent as { status: string; retryAfterSeconds: number; httpStatus?: number; message: string };
  expect(structured).toMatchObject({ status: "rate_limited", retryAfterSeconds: 300, httpStatus: 429 });
  expect(structured.message).not.toMatch(/nothing was sent/);
  expect(structured.message).toBe("getDiscrepancies: the call was sent and the API refused it for its rate limit (HTTP 429), so it was not carried out; the API asks to retry in 300 s. Call again after that.");
  expect(JSON.stringify(result)).not.toContain(TOKEN);
});
