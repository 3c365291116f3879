// The generated server and the shared value generator (templates/mock/), made for this process:
// the server emitter's files and the templates transpiled to JavaScript in a temporary folder,
// imported, and the folder removed. TypeScript (the copy ts-morph bundles) loads only here, so
// only `mock` pays for it.
import type { RequestListener } from "node:http";
import { join } from "node:path";
import { withTemporaryFolder } from "../shared/temporary-folder.js";
import { pathToFileURL } from "node:url";
import type { ApiModel } from "../model/types.js";
import { madeFiles } from "../emit/plan.js";
import { writeTranspiled } from "../shared/transpiled.js";
import { builtinTarget, planTarget } from "../emit/targets.js";
import { templateFiles } from "../emit/shared/templates.js";
import type { MockRuntime } from "./runtime.js";

type WebHandler = (request: Request) => Promise<Response>;

/** The parts of generated/server/index.ts the mock uses. */
export interface GeneratedServer {
  createRequestHandler(handlers: unknown, options: Record<string, unknown>): WebHandler;
  toNodeHandler(handler: WebHandler): RequestListener;
}

export async function loadGeneratedServer(model: ApiModel): Promise<{ server: GeneratedServer; runtime: MockRuntime }> {
  const files = [...madeFiles(await planTarget(builtinTarget("server"), model, {})), ...templateFiles("mock")];
  // Removed however start-up ends, a Ctrl-C included (src/shared/temporary-folder.ts).
  return withTemporaryFolder("catalogen-mock-", async (dir) => {
    await writeTranspiled(dir, files);
    // Static imports only: once index.js is loaded, every module it needs is in memory.
    const server = (await import(pathToFileURL(join(dir, "server/index.js")).href)) as GeneratedServer;
    const values: unknown = await import(pathToFileURL(join(dir, "mock/runtime/values.js")).href);
    const answers: unknown = await import(pathToFileURL(join(dir, "mock/runtime/answers.js")).href);
    return { server, runtime: { ...(values as object), ...(answers as object) } as MockRuntime };
  });
}
