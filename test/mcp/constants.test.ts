// Operations whose required parameters allow one value each (AWS's query protocol: `Action` and
// `Version`; its JSON protocol: the `X-Amz-Target` header), told apart only by a `#fragment`:
// imported, served by `catalogen mcp --http` and driven by the SDK's client against `catalogen
// mock`. The tools do not ask for those parameters (the generated client sends them), and the
// mock routes each call by them to its own operation.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { startMockOf, type MockServer } from "../../src/mock/index.js";
import { freshDir } from "../helpers/generate.js";
import { httpSession, type HttpSession } from "./support.js";

const answer = (name: string) => ({
  "200": { description: "OK", content: { "application/json": { schema: { type: "object", properties: { done: { type: "string", enum: [name] } }, required: ["done"] } } } },
});
const action = (name: string) => ({
  get: {
    operationId: name,
    parameters: [
      { name: "Action", in: "query", required: true, schema: { type: "string", enum: [name] } },
      { name: "Version", in: "query", required: true, schema: { type: "string", enum: ["2016-11-15"] } },
      { name: "MaxResults", in: "query", schema: { type: "integer" } },
    ],
    responses: answer(name),
  },
});
const target = (name: string) => ({
  post: {
    operationId: name,
    parameters: [{ name: "X-Amz-Target", in: "header", required: true, schema: { type: "string", const: `Things_20161115.${name}` } }],
    responses: answer(name),
  },
});
const document = {
  openapi: "3.1.0",
  info: { title: "Things", version: "2016-11-15" },
  paths: {
    "/#Action=DescribeThings": action("DescribeThings"),
    "/#Action=DeleteThings": action("DeleteThings"),
    "/#X-Amz-Target=Things_20161115.PutThing": target("PutThing"),
    "/#X-Amz-Target=Things_20161115.TagThing": target("TagThing"),
  },
};

let mock: MockServer;
let session: HttpSession;

beforeAll(async () => {
  const dir = await freshDir("mcp-constants");
  const file = join(dir, "things.json");
  await writeFile(file, JSON.stringify(document));
  const catalogue = join(dir, "catalogue");
  const { model } = await writeCatalogue(importOpenApi(file, {}).catalogue, catalogue);
  mock = await startMockOf(model, { tokens: {} });
  session = await httpSession(["--catalogue", catalogue, "--base-url", mock.url], {});
}, 60_000);

afterAll(async () => {
  await session?.close();
  await mock?.close();
});

describe("tools of operations whose parameters allow one value", () => {
  it("do not require those parameters", async () => {
    const { tools } = await session.client.listTools();
    const describe = tools.find((tool) => tool.name === "describeThings")!;
    expect(describe.inputSchema.required ?? []).not.toContain("query");
    const query = describe.inputSchema.properties!["query"] as { required?: string[]; properties: Record<string, unknown> };
    expect(Object.keys(query.properties)).toEqual(["Action", "Version", "MaxResults"]);
    expect(query.required).toBeUndefined();
    const put = tools.find((tool) => tool.name === "putThing")!;
    expect(put.inputSchema.required ?? []).not.toContain("headers");
  });

  it("each call reaches its own operation on the mock, the client sending the values", async () => {
    for (const name of ["DescribeThings", "DeleteThings", "PutThing", "TagThing"]) {
      const tool = name[0]!.toLowerCase() + name.slice(1);
      const result = await session.client.callTool({ name: tool, arguments: {} });
      expect(result.structuredContent, tool).toMatchObject({ status: "ok", result: { done: name } });
    }
  });
});
