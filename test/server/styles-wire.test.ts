// Issue 21, items 3 and 4 end to end: the generated client calls the generated server over a real
// HTTP server on 127.0.0.1. Every parameter style (query, path, header, cookie) and the typed
// urlencoded and multipart bodies are checked twice: the bytes on the wire (as the OpenAPI rules
// write them) and the typed values the handler receives.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { startServer, type TestServer } from "../client/support.js";

interface Seen {
  params?: unknown;
  query?: unknown;
  headers?: unknown;
  cookies?: unknown;
  body?: unknown;
}

type Call = (args: unknown) => Promise<unknown>;
let http: TestServer;
let api: { wire: Record<string, Call> };
let seen: Seen[];

beforeAll(async () => {
  const out = await generateForTest({ catalogue: fixtureCatalogue("styles"), targets: ["client", "server"] });
  const client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as { createClient(options: object): typeof api };
  const server = (await import(pathToFileURL(join(out, "server/index.ts")).href)) as {
    createRequestHandler(handlers: object, options: object): (request: Request) => Promise<Response>;
  };
  seen = [];
  const echo = async (context: Seen) => {
    let body = context.body;
    if (body && typeof body === "object" && "file" in body && body.file instanceof Blob) {
      body = { ...body, file: { type: body.file.type, text: await body.file.text() } };
    }
    seen.push({ params: context.params, query: context.query, headers: context.headers, cookies: context.cookies, body });
    return {};
  };
  const handle = server.createRequestHandler(
    { wire: { listCharges: echo, submitForm: echo, upload: echo } },
    { authenticate: () => ({ principalId: "s1", tokenKind: "personal" }) },
  );
  http = await startServer();
  // The recorded request goes on to the generated server as a web Request.
  http.handle((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    const init = request.method === "GET" ? {} : { body: new Uint8Array(request.body) };
    void handle(new Request(`http://127.0.0.1${request.url}`, { method: request.method, headers, ...init })).then(async (answer) => {
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" }).end(await answer.text());
    });
  });
  api = client.createClient({ baseUrl: http.url, token: "tok" });
}, 60_000);

afterAll(() => http.close());

test("query, path, header and cookie styles: exact on the wire, typed in the handler", async () => {
  await api.wire.listCharges!({
    ids: [1, 2],
    color: { R: 100, G: 200, B: 150 },
    label: ["a", "b.c", "d,e"],
    query: { created: { gte: 1, lt: 2 }, tags: ["x", "y|z"], words: ["p", "q"], csv: [3, 4], limit: 5 },
    headers: { "X-Trace": ["t1", "t2"], api_key: "k1", X_Custom: 7 },
    cookies: { session: "s 1", prefs: ["dark", "wide"] },
  });
  const request = http.received.at(-1)!;
  expect(request.url).toBe("/charges/;ids=1;ids=2/R=100,G=200,B=150/.a,b%2Ec,d%2Ce?created[gte]=1&created[lt]=2&tags=x|y%7Cz&words=p%20q&csv=3,4&limit=5");
  expect(request.headers["x-trace"]).toBe("t1,t2");
  expect([request.headers.api_key, request.headers.x_custom]).toEqual(["k1", "7"]);
  expect(request.headers.cookie).toBe("session=s%201; prefs=dark,wide");
  expect(seen.at(-1)).toEqual({
    params: { ids: [1, 2], color: { R: 100, G: 200, B: 150 }, label: ["a", "b.c", "d,e"] },
    query: { created: { gte: 1, lt: 2 }, tags: ["x", "y|z"], words: ["p", "q"], csv: [3, 4], limit: 5 },
    headers: { "X-Trace": ["t1", "t2"], api_key: "k1", X_Custom: 7 },
    cookies: { session: "s 1", prefs: ["dark", "wide"] },
    body: undefined,
  });
});

test("the server refuses a styled value that does not fit, naming it", async () => {
  const base = http.url;
  const answer = await fetch(`${base}/charges/;ids=1;ids=x/R=1,G=2,B=3/.a?limit=1`, { headers: { authorization: "t", "x-trace": "a", cookie: "session=s" } });
  expect(answer.status).toBe(400);
  expect(((await answer.json()) as { detail: string }).detail).toBe('Path parameter "ids" must be an integer.');
  const noCookie = await fetch(`${base}/charges/;ids=1/R=1,G=2,B=3/.a`, { headers: { authorization: "t", "x-trace": "a" } });
  expect(noCookie.status).toBe(400);
  expect(((await noCookie.json()) as { detail: string }).detail).toBe('Cookie "session" is required.');
  const badRange = await fetch(`${base}/charges/;ids=1/R=1,G=2,B=3/.a?created[gte]=soon`, { headers: { authorization: "t", "x-trace": "a", cookie: "session=s" } });
  expect(((await badRange.json()) as { detail: string }).detail).toBe('Query parameter "created" property gte must be an integer.');
});

test("an urlencoded body: the schema's value in, its encoding's styles on the wire, the typed value out", async () => {
  await api.wire.submitForm!({ body: { name: "a b&c", count: 3, tags: ["x", "y"], range: { gte: 1 } } });
  const request = http.received.at(-1)!;
  expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  expect(request.body.toString()).toBe("name=a+b%26c&count=3&tags=x|y&range[gte]=1");
  expect(seen.at(-1)!.body).toEqual({ name: "a b&c", count: 3, tags: ["x", "y"], range: { gte: 1 } });
  const refused = await fetch(`${http.url}/forms`, { method: "POST", headers: { authorization: "t", "content-type": "application/x-www-form-urlencoded" }, body: "name=a&count=many" });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { detail: string }).detail).toBe('Form field "count" must be an integer.');
});

test("a multipart body: a part per field (array items repeated, the file with its contentType, objects as JSON)", async () => {
  await api.wire.upload!({ body: { title: "T", file: new Blob(["PNG!"], { type: "image/png" }), pages: [1, 2], meta: { gte: 5 } } });
  const request = http.received.at(-1)!;
  const boundary = /boundary=(.+)$/.exec(String(request.headers["content-type"]))![1]!;
  const parts = request.body
    .toString()
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => part.replace(/^\r\n/, "").replace(/\r\n$/, ""));
  expect(parts).toEqual([
    'Content-Disposition: form-data; name="title"\r\n\r\nT',
    'Content-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: image/png\r\n\r\nPNG!',
    'Content-Disposition: form-data; name="pages"\r\n\r\n1',
    'Content-Disposition: form-data; name="pages"\r\n\r\n2',
    'Content-Disposition: form-data; name="meta"; filename="blob"\r\nContent-Type: application/json\r\n\r\n{"gte":5}',
  ]);
  expect(seen.at(-1)!.body).toEqual({ title: "T", file: { type: "image/png", text: "PNG!" }, pages: [1, 2], meta: { gte: 5 } });
  const form = new FormData();
  form.append("title", "T");
  const noFile = await fetch(`${http.url}/uploads`, { method: "POST", headers: { authorization: "t" }, body: form });
  expect(noFile.status).toBe(400);
  expect(((await noFile.json()) as { detail: string }).detail).toBe('Form field "file" is required.');
});

test("the mock reads the styles too: the client's call is answered, a value that does not fit is refused", async () => {
  const { startMock } = await import("../../src/mock/index.js");
  const mock = await startMock({ catalogue: fixtureCatalogue("styles"), tokens: { tok: { accountId: "s1", tokenKind: "personal" } } });
  try {
    const out = await generateForTest({ catalogue: fixtureCatalogue("styles"), targets: ["client"] });
    const client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as { createClient(options: object): typeof api };
    const mocked = client.createClient({ baseUrl: mock.url, token: "tok" });
    const args = { ids: [1], color: { R: 1, G: 2, B: 3 }, label: ["a,b"], query: { created: { gte: 1 } }, headers: { "X-Trace": ["t"], api_key: "k" }, cookies: { session: "s" } };
    await expect(mocked.wire.listCharges!(args)).resolves.toBeTypeOf("object");
    await expect(mocked.wire.submitForm!({ body: { name: "n", count: 1 } })).resolves.toBeTypeOf("object");
    const refused = await fetch(`${mock.url}/charges/;ids=x/R=1,G=2,B=3/.a`, { headers: { authorization: "tok", "x-trace": "t", cookie: "session=s" } });
    expect(refused.status).toBe(400);
    const badHeader = await fetch(`${mock.url}/charges/;ids=1/R=1,G=2,B=3/.a%2Cb`, { headers: { authorization: "tok", "x-trace": "t", x_custom: "seven", cookie: "session=s" } });
    expect(badHeader.status).toBe(400);
    expect(((await badHeader.json()) as { detail: string }).detail).toBe('Header "X_Custom" must be an integer.');
  } finally {
    await mock.close();
  }
}, 60_000);

test("the generated client and server compile strict, and the types say what travels (type tests)", async () => {
  const { readdir, writeFile } = await import("node:fs/promises");
  const { typecheck } = await import("../helpers/tsc.js");
  const out = await generateForTest({ catalogue: fixtureCatalogue("styles"), targets: ["client", "server"] });
  const usage = join(out, "usage.ts");
  await writeFile(
    usage,
    `import { createClient } from "./client/index.js";
import type { WireHandlers } from "./server/index.js";

const api = createClient({ baseUrl: "http://127.0.0.1", token: "t" });
void api.wire.upload({ body: { title: "t", file: new Blob(["x"]) } });
// @ts-expect-error a typed multipart body is its schema's value, not FormData
void api.wire.upload({ body: new FormData() });
// @ts-expect-error the file is required
void api.wire.upload({ body: { title: "t" } });
void api.wire.listCharges({ ids: [1], color: { R: 1, G: 2, B: 3 }, label: [], headers: { "X-Trace": ["a"] }, cookies: { session: "s" } });
// @ts-expect-error the session cookie is required
void api.wire.listCharges({ ids: [1], color: { R: 1, G: 2, B: 3 }, label: [], headers: { "X-Trace": ["a"] }, cookies: {} });

export const handlers: WireHandlers = {
  listCharges: ({ params, query, headers, cookies }) => {
    const ids: number[] = params.ids;
    const gte: number | undefined = query.created?.gte;
    const trace: string[] = headers["X-Trace"];
    const custom: number | undefined = headers.X_Custom;
    const key: string | undefined = headers.api_key;
    const session: string = cookies.session;
    return { ids, gte, trace, session, custom, key };
  },
  upload: ({ body }) => {
    const file: Blob = body.file;
    const pages: number[] | undefined = body.pages;
    return { size: file.size, pages };
  },
};
`,
  );
  const files = [usage, ...(await readdir(join(out, "client"), { recursive: true })).filter((name) => name.endsWith(".ts")).map((name) => join(out, "client", name))];
  const result = await typecheck(files, { version: "7.0", resolution: "nodenext", types: ["node"], portable: true });
  expect(result.output).toBe("");
  expect(result.ok).toBe(true);
}, 60_000);
