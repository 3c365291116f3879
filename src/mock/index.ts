// `startMock`: the generated server with mock handlers for every operation, on node:http. It
// enforces auth, token kinds and rate limits as the generated server does for the real API.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { ApiModel } from "../model/types.js";
import { loadModel } from "../sources/index.js";
import { mockHandlers } from "./answers.js";
import type { MockStreamOptions } from "./streams-pages.js";
import { loadGeneratedServer } from "./generated-server.js";
import { principalIdOf, TokenTableError, type MockIdentity } from "./tokens.js";

export { parseTokenTable, TokenTableError, type MockIdentity } from "./tokens.js";

export interface MockOptions extends MockStreamOptions {
  /** Catalogue folder. Default: `catalogue` (from the working folder). */
  catalogue?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the values made up for operations without an example. Default 1. */
  seed?: number;
  /**
   * Token -> whose it is and its kind; any other token gets 401. Whose: the id of the catalogue's
   * principal, under its name (`{ accountId, tokenKind }`, `{ sellerId, tokenKind }` for
   * `principal: seller`); rate limits count per id.
   */
  tokens: ReadonlyMap<string, MockIdentity> | Readonly<Record<string, MockIdentity>>;
  /** The clock rate limits count with (tests). Default: Date.now. */
  now?: () => number;
  /** Told about a handler failure (500); never the token or the body. Default: nothing. */
  onError?: (error: unknown, context: { requestId: string; operation: string | undefined; method: string; path: string }) => void;
}

export interface MockServer {
  /** `http://host:port`, no trailing slash. */
  url: string;
  /** Operations served. */
  operations: number;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

export async function startMock(options: MockOptions): Promise<MockServer> {
  return startMockOf(await loadModel(resolve(options.catalogue ?? "catalogue")), options);
}

/** startMock on a model already loaded (the CLI loads it first to check the token table against it). */
export async function startMockOf(model: ApiModel, options: MockOptions): Promise<MockServer> {
  const tokens = options.tokens instanceof Map ? options.tokens : new Map(Object.entries(options.tokens));
  const kinds = model.auth.tokenKinds.map((kind) => kind.id);
  for (const identity of tokens.values()) {
    if (!kinds.includes(identity.tokenKind)) {
      throw new TokenTableError(`startMock: token kind "${identity.tokenKind}" is not one of the catalogue's kinds (${kinds.join(", ")})`);
    }
    principalIdOf(identity, model.principal); // each names its principal's id, or says how now
  }
  // Looked up per request (a table may answer tokens it does not list); the generated server keeps
  // the id in the field its runtime names (templates/server/types.ts).
  const authenticate = (token: string) => {
    const identity = tokens.get(token);
    if (identity === undefined) return undefined;
    const { tokenKind, categories, readOnly } = identity;
    return { principalId: principalIdOf(identity, model.principal), tokenKind, ...(categories && { categories }), ...(readOnly !== undefined && { readOnly }) };
  };
  const { server, runtime } = await loadGeneratedServer(model);
  const handle = server.createRequestHandler(mockHandlers(model, options.seed ?? 1, runtime, options), {
    authenticate,
    origin: "catalogen-mock",
    ...(options.now && { now: options.now }),
    onError: options.onError ?? (() => {}),
  });
  const http = createServer(server.toNodeHandler(handle));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((done, fail) => {
    http.once("error", fail);
    http.listen(options.port ?? 0, host, () => {
      http.off("error", fail);
      done();
    });
  });
  const { address, port } = http.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    operations: model.modules.reduce((sum, module) => sum + module.operations.length, 0),
    close: () =>
      new Promise<void>((done) => {
        http.close(() => done());
        http.closeAllConnections();
      }),
  };
}
