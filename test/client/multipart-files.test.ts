// Issue 44, point 9: a multipart part declared `format: binary` takes what browser and Node users
// hold (Blob, File, Uint8Array, ReadableStream), in an inline body and in a named type's fields
// alike. A document imported and generated; the client sends to a node:http server on 127.0.0.1,
// which parses the multipart body it received (undici's parser) and compares the bytes; a consumer
// file passing each kind compiles under the strict flags.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { typecheck } from "../helpers/tsc.js";
import { importDocument } from "../import/helpers.js";
import { importClient, json, startServer, type ClientModule, type TestServer } from "./support.js";

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { size: { type: "integer" } } } } } } };
const document = {
  openapi: "3.0.3",
  info: { title: "Uploads", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/photos": {
      post: { operationId: "uploadPhoto", tags: ["uploads"], requestBody: { required: true, content: { "multipart/form-data": { schema: { $ref: "#/components/schemas/PhotoUpload" } } } }, responses: ok },
    },
    "/docs": {
      post: {
        operationId: "uploadDocs",
        tags: ["uploads"],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary" }, note: { type: "string" }, more: { type: "array", items: { type: "string", format: "binary" } } } },
            },
          },
        },
        responses: ok,
      },
    },
  },
  components: { schemas: { PhotoUpload: { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary" }, caption: { type: "string" } } } } },
};

let out: string;
let client: ClientModule;
let server: TestServer;
beforeAll(async () => {
  ({ out } = await importDocument("multipart-files", document, ["client"]));
  client = await importClient(out);
  server = await startServer();
}, 120_000);
afterAll(() => server?.close());
beforeEach(() => server.reset());

type Upload = (args: { body: Record<string, unknown> }) => Promise<unknown>;
function uploads(): { uploadPhoto: Upload; uploadDocs: Upload } {
  return client.createClient({ baseUrl: server.url, retry: false }).uploads as unknown as { uploadPhoto: Upload; uploadDocs: Upload };
}

/** The parts the server received, parsed from the raw body it read. */
async function receivedParts(): Promise<FormData> {
  const [request] = server.received;
  return new Request("http://x/", { method: "POST", headers: { "content-type": String(request!.headers["content-type"]) }, body: new Uint8Array(request!.body) }).formData();
}

const bytes = new Uint8Array([0, 1, 2, 250, 255, 13, 10]);
const streamOf = (data: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(data.slice(0, 3));
      controller.enqueue(data.slice(3));
      controller.close();
    },
  });

const kinds: [string, () => unknown, string][] = [
  ["Blob", () => new Blob([bytes], { type: "image/png" }), "blob"],
  ["File", () => new File([bytes], "photo \"1\".png", { type: "image/png" }), 'photo "1".png'],
  ["Uint8Array", () => bytes, "blob"],
  ["ReadableStream", () => streamOf(bytes), "blob"],
];

for (const [kind, make, filename] of kinds) {
  test(`a named type's binary field takes a ${kind}: the server receives the bytes as a file part`, async () => {
    server.handle((_req, res) => json(res, 200, { size: 7 }));
    expect(await uploads().uploadPhoto({ body: { file: make(), caption: "Lamp" } })).toEqual({ size: 7 });
    const parts = await receivedParts();
    const file = parts.get("file") as File;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(file.name.replace(/%22/g, '"')).toBe(filename);
    expect(parts.get("caption")).toBe("Lamp");
  });
}

test("an inline body: one part of each kind in an array, each file's bytes received in order", async () => {
  server.handle((_req, res) => json(res, 200, { size: 4 }));
  const more = kinds.map(([, make]) => make());
  await uploads().uploadDocs({ body: { file: streamOf(bytes), note: "n", more } });
  const parts = await receivedParts();
  expect(new Uint8Array(await (parts.get("file") as File).arrayBuffer())).toEqual(bytes);
  const received = parts.getAll("more") as File[];
  expect(received).toHaveLength(4);
  for (const file of received) expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  expect(parts.get("note")).toBe("n");
});

test("the types take every kind a caller holds (strict compile), and still refuse a number", async () => {
  const file = join(out, "use-multipart.ts");
  await writeFile(
    file,
    [
      'import { createClient, type PhotoUpload, type MultipartFields } from "./client/index.js";',
      'const api = createClient({ baseUrl: "http://127.0.0.1" });',
      "declare const blob: Blob;",
      "declare const file: File;",
      "declare const bytes: Uint8Array;",
      "declare const stream: ReadableStream<Uint8Array>;",
      "export async function all(): Promise<void> {",
      "  for (const part of [blob, file, bytes, stream]) {",
      '    await api.uploads.uploadPhoto({ body: { file: part, caption: "c" } });',
      "    await api.uploads.uploadDocs({ body: { file: part, more: [blob, file, bytes, stream] } });",
      "  }",
      "}",
      "export const typed: MultipartFields<PhotoUpload> = { file: blob };",
      "// @ts-expect-error: a number is no file",
      "export const wrong: MultipartFields<PhotoUpload> = { file: 1 };",
      "",
    ].join("\n"),
  );
  const result = await typecheck([file], { version: "5.9", resolution: "nodenext", types: ["node"] });
  expect(result.output).toBe("");
}, 120_000);
