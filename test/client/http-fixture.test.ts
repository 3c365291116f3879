// The client generated from test/fixtures/catalogues/client-http: binary download, multipart
// upload, typed query and body, 204, an idempotent POST; against a real server on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { importClient, json, rejection, startServer, type ClientModule, type TestServer } from "./support.js";

let server: TestServer;
let client: ClientModule;

beforeAll(async () => {
  server = await startServer();
  client = await importClient(await generateForTest({ targets: ["client"], catalogue: fixtureCatalogue("client-http") }));
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function api(options: Record<string, unknown> = {}) {
  return client.createClient({ baseUrl: server.url, token: "t", retry: { baseDelayMs: 5 }, ...options });
}

test("a binary download returns its bytes", async () => {
  const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  server.handle((_req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    res.end(bytes);
  });
  const result = await api().fileStore!.downloadReportFile!({ reportId: "r 1" });
  expect(result).toBeInstanceOf(Uint8Array);
  expect(Buffer.from(result as Uint8Array).equals(bytes)).toBe(true);
  expect(server.received[0]?.url).toBe("/reports/r%201/file");
});

test("a download that comes back as JSON fails the bytes check", async () => {
  server.handle((_req, res) => json(res, 200, { not: "bytes" }));
  const error = await rejection(api().fileStore!.downloadReportFile!({ reportId: "r" }));
  expect([error.kind, error.path]).toEqual(["validation", "$"]);
});

test("a multipart upload sends the FormData as is", async () => {
  server.handle((_req, res) => json(res, 200, { url: "https://cdn.example/1.png" }));
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array([1, 2, 3, 250])], { type: "image/png" }), "a.png");
  const result = await api().fileStore!.uploadMedia!({ cardId: 12, body: form });
  expect(result).toEqual({ url: "https://cdn.example/1.png" });
  const [request] = server.received;
  expect(request?.url).toBe("/media/12");
  expect(request?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  expect(request?.body.includes(Buffer.from([1, 2, 3, 250]))).toBe(true);
  expect(request?.body.toString("latin1")).toContain('filename="a.png"');
});

test("a stream body passes through, and is sent once even where retries are allowed", async () => {
  server.handle((_req, res) => json(res, 503, {}));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("chunk-1"));
      controller.close();
    },
  });
  await rejection(api().things!.createThing!({ body: stream }));
  expect(server.received).toHaveLength(1);
  expect(server.received[0]?.body.toString()).toBe("chunk-1");
});

test("typed query parameters: numbers and arrays", async () => {
  server.handle((_req, res) => json(res, 200, [{ id: 1, name: "a", status: null, tags: ["x"] }]));
  const result = await api().things!.listThings!({ query: { page: 2, tag: ["a", "b&c"] } });
  expect(result).toEqual([{ id: 1, name: "a", status: null, tags: ["x"] }]);
  expect(server.received[0]?.url).toBe("/things?page=2&tag=a&tag=b%26c");
});

test("nested fields are checked: the path names the bad one", async () => {
  server.handle((_req, res) => json(res, 200, [{ id: 1, name: "a" }, { id: 2.5, name: "b" }]));
  const error = await rejection(api().things!.listThings!({ query: { page: 1 } }));
  expect([error.kind, error.path]).toEqual(["validation", "$[1].id"]);
  expect(error.message).toContain("an integer");
  expect(error.message).toContain("2.5");
});

test("a 204 resolves to undefined", async () => {
  server.handle((_req, res) => {
    res.writeHead(204);
    res.end();
  });
  expect(await api().things!.deleteThing!({ thingId: "x/y" })).toBeUndefined();
  expect(server.received[0]?.method).toBe("DELETE");
  expect(server.received[0]?.url).toBe("/things/x%2Fy");
});

test("a POST the catalogue marks idempotent is retried", async () => {
  server.handle((_req, res) => (server.received.length < 2 ? json(res, 502, {}) : json(res, 201, { id: 1, name: "n" })));
  expect(await api().things!.createThing!({ body: { name: "n" } })).toEqual({ id: 1, name: "n" });
  expect(server.received).toHaveLength(2);
  expect(JSON.parse(server.received[1]?.body.toString() ?? "")).toEqual({ name: "n" });
});

test("a response of one named type is checked by that type's own guard", async () => {
  server.handle((_req, res) => json(res, 201, { id: "1", name: "n" }));
  const error = await rejection(api().things!.createThing!({ body: { name: "n" } }));
  expect([error.kind, error.path]).toEqual(["validation", "$.id"]);
});

test("a DELETE the catalogue does not mark idempotent is sent once", async () => {
  server.handle((_req, res) => json(res, 500, {}));
  await rejection(api().things!.deleteThing!({ thingId: "1" }));
  expect(server.received).toHaveLength(1);
});

test("standalone functions work over a shared transport", async () => {
  server.handle((_req, res) => json(res, 200, []));
  const transport = client.createTransport({ baseUrl: server.url, token: "t" });
  const listThings = client["listThings"] as (t: unknown, args: unknown) => Promise<unknown>;
  expect(await listThings(transport, { query: { page: 1 } })).toEqual([]);
  expect(server.received[0]?.url).toBe("/things?page=1");
});

test("hostile catalogue text stayed inside its doc comment: nothing was injected", () => {
  expect("injected" in client).toBe(false);
});
