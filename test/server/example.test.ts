// examples/sandbox: copied next to a freshly generated server (same layout as the repo, so its
// `../../generated/server/index.js` imports hold), type-checked, checked complete against the
// catalogue by scaffold, then served over real HTTP, both through its factory and via main.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { cp, readdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generate, loadModel } from "../../src/pipeline.js";
import { scaffoldHandlers } from "../../src/scaffold/index.js";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import type { Identity } from "../../templates/server/types.js";
import { importServer } from "./helpers.js";

let root: string;
let sandbox: string;

interface SandboxModule {
  createSandbox(options: { tokens: ReadonlyMap<string, Identity>; now?: () => number }): (request: Request) => Promise<Response>;
  parseTokens(text: string): Map<string, Identity>;
}

beforeAll(async () => {
  root = await freshDir("example");
  await generate({ catalogue: repoCatalogue, out: join(root, "generated"), targets: ["server"] });
  sandbox = join(root, "examples/sandbox");
  await cp(join(repoRoot, "examples/sandbox"), sandbox, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist)([\\/]|$)/.test(source),
  });
});

describe("examples/sandbox", () => {
  test("type-checks under strict flags (TypeScript 5.9 and 7.0)", async () => {
    const files = [join(sandbox, "main.ts"), ...(await readdir(join(sandbox, "handlers"))).map((name) => join(sandbox, "handlers", name))];
    for (const version of ["5.9", "7.0"] as const) {
      const result = await typecheck(files, { version, resolution: "nodenext", types: ["node"] });
      expect(result.output).toBe("");
    }
  });

  test("has a handler for every operation of the catalogue (scaffold keeps all, misses none)", async () => {
    const report = await scaffoldHandlers(await loadModel(repoCatalogue), {
      outDir: join(sandbox, "handlers"),
      serverDir: join(root, "generated/server"),
    });
    expect(report.written).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.unchecked).toEqual([]);
  });

  describe("served through its factory and toNodeHandler", () => {
    let http: Server;
    let base: string;

    beforeAll(async () => {
      const { createSandbox, parseTokens } = (await import(pathToFileURL(join(sandbox, "server.ts")).href)) as SandboxModule;
      const { toNodeHandler } = await importServer(join(root, "generated"));
      const tokens = parseTokens("t-personal=seller-1:personal, t-service=seller-1:service");
      http = createServer(toNodeHandler(createSandbox({ tokens })));
      await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    });

    const get = (path: string, token = "t-personal") => fetch(`${base}${path}`, { headers: { authorization: token } });

    test("getDiscrepancies answers the filled-in records, 404 for an unknown supply", async () => {
      const response = await get("/api/supplies/v1/discrepancies/supply-1");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        { discrepancyType: "surplus", discrepancyLabel: "surplus" },
        { discrepancyType: "shortage", discrepancyLabel: "re-sorting" },
      ]);
      // The seller's budget (1 per minute) is spent, whichever token it uses.
      expect((await get("/api/supplies/v1/discrepancies/supply-2", "t-service")).status).toBe(429);
    });

    test("checkConnection, a stub (501) and an unknown token (401)", async () => {
      const ping = await get("/ping", "t-service");
      expect(await ping.json()).toEqual({ sandbox: true, sellerId: "seller-1", tokenKind: "service" });
      expect((await get("/api/v1/tariffs/box")).status).toBe(501);
      expect((await get("/ping", "nope")).status).toBe(401);
    });

    test("parseTokens refuses an unknown kind", async () => {
      const { parseTokens } = (await import(pathToFileURL(join(sandbox, "server.ts")).href)) as SandboxModule;
      expect(() => parseTokens("x=seller:admin")).toThrow(/kinds: personal, service/);
    });
  });

  test("main.ts starts a server on 127.0.0.1 that answers real requests", async () => {
    const esbuild = await import("esbuild");
    const bundle = join(root, "sandbox.mjs");
    await esbuild.build({ entryPoints: [join(sandbox, "main.ts")], bundle: true, platform: "node", format: "esm", outfile: bundle, logLevel: "silent" });
    let child: ChildProcess | undefined;
    try {
      child = spawn(process.execPath, [bundle], {
        env: { ...process.env, PORT: "0", SANDBOX_TOKENS: "demo=seller-9:personal" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const started = child;
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        started.stdout?.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        started.on("exit", (code) => reject(new Error(`sandbox exited with ${code}: ${output}`)));
      });
      const response = await fetch(`${url}/ping`, { headers: { authorization: "demo" } });
      expect(await response.json()).toEqual({ sandbox: true, sellerId: "seller-9", tokenKind: "personal" });
    } finally {
      if (child?.pid !== undefined && child.exitCode === null) child.kill("SIGTERM");
    }
  });
});
