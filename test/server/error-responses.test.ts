// Documented error responses on the generated server (test/fixtures/catalogues/error-responses):
// a handler replies with a documented status, media type and body, typed by the catalogue; over
// real HTTP on 127.0.0.1 the answer carries them. The server's own problem answers (401, 403, 429,
// 400) are unchanged.
import { copyFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { importServer, type ServerModule } from "./helpers.js";

type Reply = (status: number, mediaType: string, body: unknown) => Response;
interface Context {
  params: Record<string, string>;
  reply: Reply;
}

let out: string;
let server: ServerModule;
let http: Server;
let base: string;

beforeAll(async () => {
  out = await generateForTest({ targets: ["server"], catalogue: fixtureCatalogue("error-responses") });
  server = await importServer(out);
  const handlers = {
    offers: {
      getOffer: ({ params, reply }: Context) => {
        if (params.offerId === "gone") return reply(404, "application/problem+json", { title: "Not found", status: 404 });
        if (params.offerId === "text") return reply(409, "text/plain; charset=utf-8", "locked: ü");
        return { id: params.offerId, price: 1 };
      },
    },
  };
  const handle = server.createRequestHandler(handlers, { authenticate: (token) => (token === "t" ? { principalId: "s1", tokenKind: "personal" } : undefined) });
  http = createServer(server.toNodeHandler(handle));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

describe("over HTTP", () => {
  test("a handler's documented 404 goes out with its media type and JSON body", async () => {
    const response = await fetch(`${base}/offers/gone`, { headers: { authorization: "t" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual({ title: "Not found", status: 404 });
  });

  test("a text reply goes out as it is, with the documented parameters", async () => {
    const response = await fetch(`${base}/offers/text`, { headers: { authorization: "t" } });
    expect(response.status).toBe(409);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("locked: ü");
  });

  test("the server's own answers keep their body: 401 without a token, 501 without a handler", async () => {
    const unauthorized = await fetch(`${base}/offers/gone`);
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ status: 401, origin: "catalogen-server" });
    const missing = await fetch(`${base}/offers/ping`, { headers: { authorization: "t" } });
    expect(missing.status).toBe(501);
  });
});

test("TypeScript 5.9 and 7.0: the server and the reply type tests compile (every @ts-expect-error an error)", async () => {
  const usage = join(out, "usage.ts");
  await copyFile(fileURLToPath(new URL("fixtures/usage-errors.ts.txt", import.meta.url)), usage);
  for (const version of ["5.9", "7.0"] as const) {
    const result = await typecheck([usage], { version, resolution: "nodenext", types: ["node"], portable: true });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }
});
