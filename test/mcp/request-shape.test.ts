// Issue 44, point 10: an MCP write tool's input is the request type. The annotations catalogue's
// Product has a required read-only `id` and a write-only `secret`: createProduct must take
// `{ name, price }` (what the API and the mock accept) and its result must not list `secret`.
// `catalogen mcp` on stdio, driven by the SDK's own client, against `catalogen mock` on 127.0.0.1.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMock, type MockServer } from "../../src/mock/index.js";
import { fixtureCatalogue } from "../helpers/generate.js";
import { stdioSession, type StdioSession } from "./support.js";

const TOKEN = "mcp-shape-token-personal-1";
const catalogue = fixtureCatalogue("annotations");
let mock: MockServer;
let session: StdioSession;

beforeAll(async () => {
  mock = await startMock({ catalogue, tokens: { [TOKEN]: { accountId: "seller-1", tokenKind: "personal" } } });
  session = await stdioSession(["--catalogue", catalogue, "--base-url", mock.url], { API_TOKEN: TOKEN, API_TOKEN_KIND: "personal" });
}, 180_000); // a spawned MCP server on a busy 2-core machine

afterAll(async () => {
  await session?.close();
  await mock?.close();
});

interface Defs {
  $defs: Record<string, { properties: Record<string, unknown>; required?: string[] }>;
  properties: { body: { $ref: string }; result: { $ref: string } };
}

it("createProduct's input asks for the request shape: no read-only id; its result leaves out the write-only secret", async () => {
  const { tools } = await session.client.listTools();
  const tool = tools.find((candidate) => candidate.name === "createProduct")!;
  const input = tool.inputSchema as unknown as Defs;
  const body = input.$defs[input.properties.body.$ref.replace("#/$defs/", "")]!;
  expect(Object.keys(body.properties)).not.toContain("id");
  expect(Object.keys(body.properties)).toContain("secret");
  expect(body.required).toEqual(["name", "price"]);
  const output = tool.outputSchema as unknown as Defs;
  const result = output.$defs[output.properties.result.$ref.replace("#/$defs/", "")]!;
  expect(Object.keys(result.properties)).toContain("id");
  expect(Object.keys(result.properties)).not.toContain("secret");
});

it("createProduct with { name, price } goes through to the mock", async () => {
  const result = await session.client.callTool({ name: "createProduct", arguments: { body: { name: "Lamp", price: 12.5 } } });
  expect(result.structuredContent).toMatchObject({ status: "ok" });
  expect(result.isError).toBeFalsy();
});
