// A deepObject query parameter typed as a union of an object and a scalar (Stripe's `created`):
// the generated client writes an object deepObject-style and a scalar plainly, and the generated
// server reads both back, over a real HTTP server on 127.0.0.1.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { startServer, type TestServer } from "../client/support.js";

type Call = (args: unknown) => Promise<unknown>;
let http: TestServer;
let api: { deep: Record<string, Call> };
const seen: unknown[] = [];

beforeAll(async () => {
  const out = await generateForTest({ catalogue: fixtureCatalogue("deep-union"), targets: ["client", "server"] });
  const client = (await import(pathToFileURL(join(out, "client/index.ts")).href)) as { createClient(options: object): typeof api };
  const server = (await import(pathToFileURL(join(out, "server/index.ts")).href)) as {
    createRequestHandler(handlers: object, options: object): (request: Request) => Promise<Response>;
  };
  const handle = server.createRequestHandler(
    { deep: { listEvents: (context: { query: unknown }) => (seen.push(context.query), {}) } },
    { authenticate: () => ({ sellerId: "s1", tokenKind: "personal" }) },
  );
  http = await startServer();
  http.handle((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    void handle(new Request(`http://127.0.0.1${request.url}`, { method: request.method, headers })).then(async (answer) => {
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" }).end(await answer.text());
    });
  });
  api = client.createClient({ baseUrl: http.url, token: "tok" });
}, 60_000);

afterAll(() => http.close());

test("an object value goes deepObject-style and comes back as the object", async () => {
  await api.deep.listEvents!({ query: { created: { gt: 1, lte: 5 }, limit: 3 } });
  expect(http.received.at(-1)!.url).toBe("/events?created[gt]=1&created[lte]=5&limit=3");
  expect(seen.at(-1)).toEqual({ created: { gt: 1, lte: 5 }, limit: 3 });
});

test("a scalar value goes as name=value and comes back typed by the union's scalar member", async () => {
  await api.deep.listEvents!({ query: { created: 5 } });
  expect(http.received.at(-1)!.url).toBe("/events?created=5");
  expect(seen.at(-1)).toEqual({ created: 5 });
});

test("a scalar that does not fit the scalar member is a 400", async () => {
  const answer = await fetch(`${http.url}/events?created=soon`, { headers: { authorization: "Bearer tok" } });
  expect(answer.status).toBe(400);
  expect(((await answer.json()) as { detail: string }).detail).toBe('Query parameter "created" must be an integer.');
});
