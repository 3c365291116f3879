// Issue 44, point 2: the generated server speaks the catalogue's principal, not the seller API's
// words. `authenticate` says `{ principalId, tokenKind }`; a 429's detail names the catalogue's
// principal ("for this seller" here, "for this account" for a catalogue that names none); the old
// `{ sellerId, tokenKind }` still works for one release, said once through console.warn. Real HTTP
// on 127.0.0.1.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { ServerOptions } from "../../templates/server/types.js";
import { freshDir } from "../helpers/generate.js";
import { generateServer, manualClock, type ServerModule } from "./helpers.js";

const DISCREPANCIES = "/api/supplies/v1/discrepancies/WB-GI-1";

async function listen(server: ServerModule, handlers: object, options: ServerOptions): Promise<{ get: (path: string, token: string) => Promise<Response>; close: () => Promise<void> }> {
  const http: Server = createServer(server.toNodeHandler(server.createRequestHandler(handlers, options)));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    get: (path, token) => fetch(`${base}${path}`, { headers: { authorization: token } }),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the seller API's server (principal: seller)", () => {
  test("routes.ts carries the principal; the 429 says it, and the budget is each principalId's", { timeout: 120_000 }, async () => {
    const { server } = await generateServer();
    expect(server.api.principal).toBe("seller");
    const seen: string[] = [];
    const handlers = {
      ...server.mockHandlers,
      supplies: { getDiscrepancies: ({ identity }: { identity: { principalId: string } }) => (seen.push(identity.principalId), []) },
    };
    const ids: Record<string, string> = { "tok-a1": "s-1", "tok-a2": "s-1", "tok-b": "s-2" };
    const clock = manualClock();
    const http = await listen(server, handlers, { authenticate: (token) => (ids[token] ? { principalId: ids[token], tokenKind: "personal" } : undefined), now: clock.now });
    try {
      expect((await http.get(DISCREPANCIES, "tok-a1")).status).toBe(200);
      const refused = await http.get(DISCREPANCIES, "tok-a2");
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ detail: "Too many requests for this seller; retry in 60 s.", code: "rate-limited" });
      expect((await http.get(DISCREPANCIES, "tok-b")).status).toBe(200);
      expect(seen).toEqual(["s-1", "s-2"]);
    } finally {
      await http.close();
    }
  });

  test("the old { sellerId, tokenKind } still authenticates, counts per sellerId, and says once that it is deprecated", { timeout: 120_000 }, async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { server } = await generateServer();
    const seen: string[] = [];
    const handlers = {
      ...server.mockHandlers,
      supplies: { getDiscrepancies: ({ identity }: { identity: { principalId: string } }) => (seen.push(identity.principalId), []) },
    };
    const sellers: Record<string, string> = { "old-a1": "seller-1", "old-a2": "seller-1", "old-b": "seller-2" };
    const http = await listen(server, handlers, {
      authenticate: async (token) => (sellers[token] ? { sellerId: sellers[token], tokenKind: "personal" } : undefined),
      now: manualClock().now,
    });
    try {
      expect((await http.get(DISCREPANCIES, "old-a1")).status).toBe(200);
      expect((await http.get(DISCREPANCIES, "old-a2")).status).toBe(429);
      expect((await http.get(DISCREPANCIES, "old-b")).status).toBe(200);
      expect((await http.get(DISCREPANCIES, "unknown")).status).toBe(401);
      expect(seen).toEqual(["seller-1", "seller-2"]);
      expect(warn.mock.calls).toEqual([
        [
          "catalogen-server: options.authenticate returned { sellerId, tokenKind }, which is deprecated: return { principalId, tokenKind } (sellerId is read as principalId until the next release)",
        ],
      ]);
    } finally {
      await http.close();
    }
  });

  test("an identity with neither principalId nor sellerId is the server's own mistake: 500, told to onError", { timeout: 120_000 }, async () => {
    const { server } = await generateServer();
    const errors: unknown[] = [];
    const http = await listen(server, server.mockHandlers, {
      authenticate: () => ({ tokenKind: "personal" }) as never,
      onError: (error) => errors.push(error),
    });
    try {
      expect((await http.get(DISCREPANCIES, "any")).status).toBe(500);
      expect(String(errors[0])).toBe("TypeError: options.authenticate must return { principalId: string, tokenKind: string } or undefined");
    } finally {
      await http.close();
    }
  });
});

test("a catalogue that names no principal: the 429 says account, and nothing in the server says seller", { timeout: 120_000 }, async () => {
  const catalogue = join(await freshDir("principal-server"), "catalogue");
  await mkdir(catalogue, { recursive: true });
  await writeFile(
    join(catalogue, "api.yaml"),
    "api:\n  title: Notes API\n  auth:\n    header: Authorization\n    tokenKinds:\n      - { id: personal, description: A user's own token }\n",
  );
  await writeFile(
    join(catalogue, "notes.yaml"),
    `module: { id: notes, title: Notes, area: Notes }
operations:
  - id: listNotes
    method: GET
    path: /notes
    summary: List notes
    tokens: [personal]
    limits:
      - { scope: account, period: 1 minute, limit: 1, interval: 1 minute, burst: 1 }
    request: none
    responses:
      "200": { description: The notes, content: { application/json: { schema: { type: array, items: { type: string } } } } }
`,
  );
  const { out, server } = await generateServer(catalogue);
  expect(server.api.principal).toBe("account");
  const http = await listen(server, { notes: { listNotes: () => [] } }, { authenticate: () => ({ principalId: "alice", tokenKind: "personal" }), now: manualClock().now });
  try {
    expect((await http.get("/notes", "t")).status).toBe(200);
    expect(await (await http.get("/notes", "t")).json()).toMatchObject({ status: 429, detail: "Too many requests for this account; retry in 60 s." });
  } finally {
    await http.close();
  }
  const { readdir, readFile } = await import("node:fs/promises");
  for (const file of await readdir(join(out, "server"), { recursive: true })) {
    if (!file.endsWith(".ts")) continue;
    const text = await readFile(join(out, "server", file), "utf8");
    // The deprecated spelling is read for one release (types.ts, handler.ts); nothing else names a seller.
    const lines = text.split("\n").filter((line) => /seller/i.test(line) && !/sellerId/.test(line));
    expect(lines, file).toEqual([]);
  }
});
