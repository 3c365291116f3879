// Generates a server through the real pipeline into .tmp/ and imports it.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import type { NodeRequestLike, NodeResponseLike } from "../../templates/server/node.js";
import type { MemoryRateLimitStore } from "../../templates/server/rate-limit.js";
import type { ApiDefinition, Identity, ServerOptions } from "../../templates/server/types.js";

/** The generated index.ts as the tests use it (its real types are checked by the tsc tests). */
export interface ServerModule {
  createRequestHandler(handlers: object, options: ServerOptions): (request: Request) => Promise<Response>;
  toNodeHandler(handle: (request: Request) => Promise<Response>): (req: NodeRequestLike, res: NodeResponseLike) => void;
  mockHandlers: Record<string, Record<string, (...args: never[]) => unknown>>;
  MemoryRateLimitStore: typeof MemoryRateLimitStore;
  api: ApiDefinition;
}

export async function importServer(out: string): Promise<ServerModule> {
  return (await import(pathToFileURL(join(out, "server/index.ts")).href)) as ServerModule;
}

export async function generateServer(catalogue?: string): Promise<{ out: string; server: ServerModule }> {
  const out = await generateForTest({ targets: ["server"], ...(catalogue && { catalogue }) });
  return { out, server: await importServer(out) };
}

export const featuresCatalogue = fixtureCatalogue("server-features");

/** Demo tokens: seller s1 has a personal and a service token; seller s2 a personal one. */
export const TOKENS: Record<string, Identity> = {
  "tok-personal-s1": { principalId: "s1", tokenKind: "personal" },
  "tok-service-s1": { principalId: "s1", tokenKind: "service" },
  "tok-personal-s2": { principalId: "s2", tokenKind: "personal" },
};

export function demoAuthenticate(token: string): Identity | undefined {
  return TOKENS[token];
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 0, 1)): { now: () => number; advance: (ms: number) => void } {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms) };
}
