// A query parameter written into the path key (`/export?filename={filename}`, as ClickSend's,
// Weatherbit's, icons8's and Medium's documents do, declaring it `in: path` or `in: query`):
// read as a required query parameter of the path without that pair, listed as derived; the
// generated client sends it in the query, and the server reads it there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importClient, json, startServer, type ClientModule, type TestServer } from "../client/support.js";
import { importDocument, type Imported } from "./helpers.js";

const ok = { "200": { description: "OK", content: { "application/json": { schema: { type: "object" } } } } };
const document = {
  openapi: "3.0.0",
  info: { title: "Exports", version: "1" },
  paths: {
    // ClickSend: declared in the path.
    "/email/history/export?filename={filename}": {
      get: { operationId: "exportEmail", tags: ["exports"], parameters: [{ name: "filename", in: "path", required: true, schema: { type: "string" } }], responses: ok },
    },
    // Weatherbit: two of them, beside a fixed pair and a declared query parameter.
    "/alerts?lat={lat}&lon={lon}&units=M": {
      get: {
        operationId: "alerts",
        tags: ["exports"],
        parameters: [
          { name: "lat", in: "path", required: true, schema: { type: "number" } },
          { name: "lon", in: "path", required: true, schema: { type: "number" } },
          { name: "key", in: "query", required: true, schema: { type: "string" } },
        ],
        responses: ok,
      },
    },
    // Medium: declared in the query already.
    "/search/articles?query={query}": {
      get: { operationId: "searchArticles", tags: ["exports"], parameters: [{ name: "query", in: "query", required: true, schema: { type: "string" } }], responses: ok },
    },
    // Declared nowhere: a required query parameter without a type.
    "/users/{userid}/pic?key={APIKEY}": {
      get: { operationId: "userPicture", tags: ["exports"], parameters: [{ name: "userid", in: "path", required: true, schema: { type: "string" } }], responses: ok },
    },
  },
};

let imported: Imported;
let client: ClientModule;
let server: TestServer;

beforeAll(async () => {
  imported = await importDocument("import-query-in-path-key", document, ["client"]);
  client = await importClient(imported.out);
  server = await startServer();
  server.handle((_request, response) => json(response, 200, {}));
}, 60_000);
afterAll(() => server?.close());

describe("a query parameter written into the path key", () => {
  it("every operation comes in, its path without the pair and the parameter in its query", () => {
    expect(imported.operations).toBe(4);
    expect(imported.reportText).not.toContain("whole operation");
    const operations = imported.model.modules.flatMap((module) => module.operations);
    const shape = (id: string) => {
      const operation = operations.find((candidate) => candidate.id === id)!;
      return { path: operation.path, query: operation.query?.map((parameter) => `${parameter.name}${parameter.required ? "" : "?"}:${parameter.schema?.kind ?? "-"}`) };
    };
    expect(shape("exportEmail")).toEqual({ path: "/email/history/export", query: ["filename:string"] });
    expect(shape("alerts")).toEqual({ path: "/alerts?units=M", query: ["lat:number", "lon:number", "key:string"] });
    expect(shape("searchArticles")).toEqual({ path: "/search/articles", query: ["query:string"] });
    expect(shape("userPicture")).toEqual({ path: "/users/{userid}/pic", query: ["key:-"] });
    expect(imported.reportText).toContain('required query parameter "filename" from the path key\'s ?filename={filename}');
    expect(imported.reportText).toContain('query parameter "key" added without a type (the path key writes ?key={APIKEY}; the source does not declare it)');
  });

  it("the client sends each in the query", async () => {
    const api = client.createClient({ baseUrl: server.url, token: "t", retry: false }) as unknown as { exports: Record<string, (args?: unknown) => Promise<unknown>> };
    await api.exports.exportEmail!({ query: { filename: "a b.csv" } });
    expect(server.received.at(-1)!.url).toBe("/email/history/export?filename=a+b.csv");
    await api.exports.alerts!({ query: { lat: 1.5, lon: -2, key: "k" } });
    expect(server.received.at(-1)!.url).toBe("/alerts?units=M&lat=1.5&lon=-2&key=k");
    await api.exports.userPicture!({ userid: "u1", query: { key: "s" } });
    expect(server.received.at(-1)!.url).toBe("/users/u1/pic?key=s");
  });
});
