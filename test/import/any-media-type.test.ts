// `*/*` content, as Swagger 2.0 converters write it where `produces` is missing (DocuSign's 731
// responses, Stack Exchange's 123 in APIs.guru's directory): read as the concrete media type its
// schema describes (JSON, text, or bytes), listed as derived, so the operation keeps its types.
// The generated client reads each answer by the response's own Content-Type.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importClient, startServer, type ClientModule, type TestServer } from "../client/support.js";
import { importDocument, type Imported } from "./helpers.js";

const any = (schema?: unknown) => ({ "*/*": schema === undefined ? {} : { schema } });
const document = {
  openapi: "3.0.1",
  info: { title: "Envelopes", version: "1" },
  paths: {
    "/envelopes/{id}": {
      get: {
        operationId: "getEnvelope",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "OK", content: any({ $ref: "#/components/schemas/Envelope" }) } },
      },
      put: {
        operationId: "putEnvelope",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { content: any({ $ref: "#/components/schemas/Envelope" }) },
        responses: { "204": { description: "Saved" } },
      },
    },
    "/envelopes/{id}/note": { get: { operationId: "getNote", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: { "200": { description: "OK", content: any({ type: "string" }) } } } },
    "/envelopes/{id}/document": {
      get: {
        operationId: "getDocument",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "OK", content: { ...any({ type: "string", format: "binary" }), "application/pdf": { schema: { type: "string", format: "binary" } } } } },
      },
    },
    "/envelopes/{id}/both": {
      get: {
        operationId: "getBoth",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } }, ...any({ type: "object" }) } } },
      },
    },
  },
  components: { schemas: { Envelope: { type: "object", properties: { id: { type: "string" }, status: { type: "string" } }, required: ["id"] } } },
};

let imported: Imported;
let client: ClientModule;
let server: TestServer;

beforeAll(async () => {
  imported = await importDocument("import-any-media", document, ["client"]);
  client = await importClient(imported.out);
  server = await startServer();
}, 60_000);
afterAll(() => server?.close());

const contentOf = (id: string, status: string) => {
  const operation = imported.model.modules.flatMap((module) => module.operations).find((candidate) => candidate.id === id)!;
  const response = (operation.responses ?? []).find((candidate) => candidate.status === status);
  return (response?.content ?? []).map((media) => media.contentType);
};

describe("*/* content", () => {
  it("is read as the media type its schema describes, and listed as derived", () => {
    expect(contentOf("getEnvelope", "200")).toEqual(["application/json"]);
    expect(contentOf("getNote", "200")).toEqual(["text/plain"]);
    // A binary schema is bytes; the document's own application/pdf entry stays beside it.
    expect(contentOf("getDocument", "200").sort()).toEqual(["application/octet-stream", "application/pdf"]);
    // The document's own application/json entry is kept, and */* beside it is a second entry (lost).
    expect(contentOf("getBoth", "200")).toEqual(["application/json"]);
    expect(imported.reportText).toContain('media type "*/*" read as application/json (its schema describes a JSON value');
    expect(imported.reportText).toContain("#/paths/~1envelopes~1{id}~1both/get/responses/200/content/*~1*");
  });

  it("the client sends and reads each as that media type", async () => {
    const api = client.createClient({ baseUrl: server.url, token: "t", retry: false }) as unknown as { envelopes: Record<string, (args?: unknown) => Promise<unknown>> };
    server.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end('{"id":"e1","status":"sent"}');
    });
    expect(await api.envelopes.getEnvelope!({ id: "e1" })).toEqual({ id: "e1", status: "sent" });
    server.handle((_request, response) => void response.writeHead(204).end());
    await api.envelopes.putEnvelope!({ id: "e1", body: { id: "e1" } });
    const put = server.received.at(-1)!;
    expect(put.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(put.body.toString())).toEqual({ id: "e1" });
  });
});
