// Operations a document tells apart only by a `#fragment` on one path, as AWS's documents in
// APIs.guru's directory name theirs: `/#Action=DescribeThings` (query protocol, the action in a
// query parameter) and `/#X-Amz-Target=Service.PutThing` (JSON protocol, the action in a header).
// RFC 3986 allows `=` and `&` in a fragment; each operation comes in, the generated client
// sends the action as the document says, never the fragment, and the generated server routes by
// the query parameter or header the fragment names.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typecheck } from "../helpers/tsc.js";
import { importClient, json, startServer, type ClientModule, type TestServer } from "../client/support.js";
import { importDocument, type Imported } from "./helpers.js";

const ok = { "200": { description: "OK", content: { "application/json": { schema: { type: "object" } } } } };
const document = {
  openapi: "3.0.0",
  info: { title: "Things", version: "2016-11-15" },
  paths: {
    "/#Action=DescribeThings": {
      get: {
        operationId: "GET_DescribeThings",
        parameters: [
          { name: "Action", in: "query", required: true, schema: { type: "string", enum: ["DescribeThings"] } },
          { name: "Version", in: "query", required: true, schema: { type: "string", enum: ["2016-11-15"] } },
          { name: "MaxResults", in: "query", schema: { type: "integer" } },
        ],
        responses: ok,
      },
    },
    "/#Action=DeleteThings": {
      get: {
        operationId: "GET_DeleteThings",
        parameters: [
          { name: "Action", in: "query", required: true, schema: { type: "string", enum: ["DeleteThings"] } },
          { name: "Version", in: "query", required: true, schema: { type: "string", enum: ["2016-11-15"] } },
        ],
        responses: ok,
      },
    },
    "/#X-Amz-Target=Things_20161115.PutThing": {
      post: {
        operationId: "PutThing",
        parameters: [{ name: "X-Amz-Target", in: "header", required: true, schema: { type: "string", enum: ["Things_20161115.PutThing"] } }],
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { Name: { type: "string" } } } } } },
        responses: ok,
      },
    },
    "/#X-Amz-Target=Things_20161115.DeleteThing": {
      post: {
        operationId: "DeleteThing",
        parameters: [{ name: "X-Amz-Target", in: "header", required: true, schema: { type: "string", enum: ["Things_20161115.DeleteThing"] } }],
        responses: ok,
      },
    },
  },
};

interface ServerModule {
  createRequestHandler(handlers: object, options: object): (request: Request) => Promise<Response>;
}

let imported: Imported;
let client: ClientModule;
let server: TestServer;
let generatedServer: (request: Request) => Promise<Response>;

beforeAll(async () => {
  imported = await importDocument("import-fragments", document, ["client", "server"]);
  client = await importClient(imported.out);
  const generated = (await import(pathToFileURL(join(imported.out, "server/index.ts")).href)) as ServerModule;
  // Every handler answers with its own operation's id.
  const handlers = Object.fromEntries(
    imported.model.modules.map((module) => [module.name, Object.fromEntries(module.operations.map((operation) => [operation.id, () => ({ id: operation.id })]))]),
  );
  generatedServer = generated.createRequestHandler(handlers, { authenticate: () => ({ principalId: "s1", tokenKind: "default" }) });
  server = await startServer();
  server.handle((_request, response) => json(response, 200, {}));
}, 60_000);
afterAll(() => server?.close());

describe("operations told apart by a #fragment with = in it", () => {
  it("each comes in whole, with its fragment in its path", () => {
    expect(imported.operations).toBe(4);
    const paths = imported.model.modules.flatMap((module) => module.operations.map((operation) => operation.path)).sort();
    expect(paths).toEqual(["/#Action=DeleteThings", "/#Action=DescribeThings", "/#X-Amz-Target=Things_20161115.DeleteThing", "/#X-Amz-Target=Things_20161115.PutThing"]);
    expect(imported.reportText).not.toContain("whole operation");
  });

  it("the client sends the action where the document puts it, and no fragment", async () => {
    const api = client.createClient({ baseUrl: server.url, token: "t", retry: false }) as unknown as Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;
    const call = (id: string, args?: unknown) => {
      const module = Object.values(api).find((operations) => id in operations)!;
      return module[id]!(args);
    };
    await call("getDescribeThings", { query: { Action: "DescribeThings", Version: "2016-11-15", MaxResults: 5 } });
    expect(server.received.at(-1)).toMatchObject({ method: "GET", url: "/?Action=DescribeThings&Version=2016-11-15&MaxResults=5" });
    await call("putThing", { headers: { "X-Amz-Target": "Things_20161115.PutThing" }, body: { Name: "a" } });
    const put = server.received.at(-1)!;
    expect(put).toMatchObject({ method: "POST", url: "/" });
    expect(put.headers["x-amz-target"]).toBe("Things_20161115.PutThing");
    expect(JSON.parse(put.body.toString())).toEqual({ Name: "a" });
  });

  it("a required parameter of one allowed value is sent by the client when the call leaves it out", async () => {
    const api = client.createClient({ baseUrl: server.url, token: "t", retry: false }) as unknown as Record<string, Record<string, (args?: unknown) => Promise<unknown>>>;
    const call = (id: string, args?: unknown) => Object.values(api).find((operations) => id in operations)![id]!(args);
    await call("getDescribeThings", { query: { MaxResults: 5 } });
    expect(server.received.at(-1)).toMatchObject({ method: "GET", url: "/?Action=DescribeThings&Version=2016-11-15&MaxResults=5" });
    await call("getDeleteThings");
    expect(server.received.at(-1)).toMatchObject({ method: "GET", url: "/?Action=DeleteThings&Version=2016-11-15" });
    await call("deleteThing");
    expect(server.received.at(-1)!.headers["x-amz-target"]).toBe("Things_20161115.DeleteThing");
    await call("putThing", { body: { Name: "b" } });
    expect(server.received.at(-1)!.headers["x-amz-target"]).toBe("Things_20161115.PutThing");
  });

  it("the generated server routes by the query parameter or header the fragment names", async () => {
    const answer = async (method: string, search: string, headers: Record<string, string> = {}, body?: string) => {
      const response = await generatedServer(new Request(`http://127.0.0.1/${search}`, { method, headers: { authorization: "t", ...headers }, ...(body !== undefined && { body }) }));
      return response.status === 200 ? ((await response.json()) as { id: string }).id : response.status;
    };
    expect(await answer("GET", "?Action=DescribeThings&Version=2016-11-15")).toBe("getDescribeThings");
    expect(await answer("GET", "?Action=DeleteThings&Version=2016-11-15")).toBe("getDeleteThings");
    expect(await answer("POST", "", { "x-amz-target": "Things_20161115.DeleteThing" })).toBe("deleteThing");
    expect(await answer("POST", "", { "content-type": "application/json", "x-amz-target": "Things_20161115.PutThing" }, '{"Name":"a"}')).toBe("putThing");
    expect(await answer("GET", "?Action=Nothing&Version=2016-11-15")).toBe(404);
    expect(await answer("GET", "?Version=2016-11-15")).toBe(404);
  });

  it("such a parameter may be left out of the call, and takes no other value (type test)", async () => {
    const file = join(imported.out, "constants.test-d.ts");
    const module = imported.model.modules.find((candidate) => candidate.operations.some((operation) => operation.id === "getDeleteThings"))!.name;
    await writeFile(
      file,
      [
        'import { createClient } from "./client/index.js";',
        'const api = createClient({ baseUrl: "http://127.0.0.1" });',
        `void api.${module}.getDeleteThings();`,
        `void api.${module}.getDeleteThings({ query: { Action: "DeleteThings" } });`,
        "// @ts-expect-error: the one value the document allows",
        `void api.${module}.getDeleteThings({ query: { Action: "DescribeThings" } });`,
        "",
      ].join("\n"),
    );
    const result = await typecheck([file], { version: "5.9", resolution: "nodenext" });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 60_000);
});
