// Paths that end in a slash, as Django REST Framework writes every path (NetBox's 844 operations,
// EVE Online's 206 in APIs.guru's directory): `/alliances/` is a path of its own, not
// `/alliances`. Imported whole; the generated client sends the slash; the generated server routes
// `/alliances/` and `/alliances` apart; the OpenAPI export writes the path back as it was.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importClient, type ClientModule } from "../client/support.js";
import { importDocument, type Imported } from "./helpers.js";

const answer = { "200": { description: "OK", content: { "application/json": { schema: { type: "object", properties: { from: { type: "string" } } } } } } };
const document = {
  openapi: "3.0.3",
  info: { title: "Alliances", version: "1" },
  paths: {
    "/alliances/": { get: { operationId: "alliances_list", tags: ["alliances"], responses: answer } },
    "/alliances": { post: { operationId: "alliances_create", tags: ["alliances"], responses: answer } },
    "/alliances/{alliance_id}/": {
      get: { operationId: "alliances_read", tags: ["alliances"], parameters: [{ name: "alliance_id", in: "path", required: true, schema: { type: "integer" } }], responses: answer },
    },
  },
};

interface ServerModule {
  createRequestHandler(handlers: object, options: object): (request: Request) => Promise<Response>;
  toNodeHandler(handler: (request: Request) => Promise<Response>): (req: IncomingMessage, res: ServerResponse) => void;
}

let imported: Imported;
let client: ClientModule;
let server: Server;
let url: string;
const seen: string[] = [];

beforeAll(async () => {
  imported = await importDocument("import-trailing-slash", document, ["client", "server", "openapi"]);
  client = await importClient(imported.out);
  const generated = (await import(pathToFileURL(join(imported.out, "server/index.ts")).href)) as ServerModule;
  const handle = generated.createRequestHandler(
    { alliances: { alliancesList: () => ({ from: "list" }), alliancesCreate: () => ({ from: "create" }), alliancesRead: ({ params }: { params: { alliance_id: number } }) => ({ from: `read ${params.alliance_id}` }) } },
    { authenticate: () => ({ principalId: "s1", tokenKind: "default" }) },
  );
  const node = generated.toNodeHandler(handle);
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    node(req, res);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
});

describe("a path that ends in a slash", () => {
  it("comes in whole, slash kept", () => {
    expect(imported.operations).toBe(3);
    expect(imported.reportText).not.toContain("empty segment");
    const paths = imported.model.modules.flatMap((module) => module.operations.map((operation) => `${operation.method} ${operation.path}`)).sort();
    expect(paths).toEqual(["GET /alliances/", "GET /alliances/{alliance_id}/", "POST /alliances"]);
  });

  it("the client sends the slash, and the server tells /alliances/ from /alliances", async () => {
    const api = client.createClient({ baseUrl: `${url}/`, token: "t", retry: false }) as unknown as { alliances: Record<string, (args?: unknown) => Promise<unknown>> };
    expect(await api.alliances.alliancesList!()).toEqual({ from: "list" });
    expect(await api.alliances.alliancesCreate!()).toEqual({ from: "create" });
    expect(await api.alliances.alliancesRead!({ alliance_id: 7 })).toEqual({ from: "read 7" });
    expect(seen).toEqual(["GET /alliances/", "POST /alliances", "GET /alliances/7/"]);
    expect((await fetch(`${url}/alliances`, { headers: { authorization: "t" } })).status).toBe(405);
    expect((await fetch(`${url}/alliances/7`, { headers: { authorization: "t" } })).status).toBe(404);
  });

  it("the OpenAPI export writes each path as it was", async () => {
    const exported = JSON.parse(await readFile(join(imported.out, "openapi.json"), "utf8")) as { paths: Record<string, unknown> };
    expect(Object.keys(exported.paths).sort()).toEqual(["/alliances", "/alliances/", "/alliances/{alliance_id}/"]);
  });
});
