// The generated MCP server, made for this process: the client and mcp targets' files transpiled to
// JavaScript in a temporary folder, imported, and the folder removed (as the mock does with the
// server target). Their imports of @modelcontextprotocol/sdk point at the copy catalogen resolves,
// since the temporary folder has no node_modules.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ApiModel } from "../model/types.js";
import { madeFiles } from "../emit/plan.js";
import { MissingPackage } from "../shared/optional-package.js";
import { withTemporaryFolder } from "../shared/temporary-folder.js";
import { writeTranspiled } from "../shared/transpiled.js";
import { builtinTarget, planTarget } from "../emit/targets.js";
import type { McpOptions } from "../emit/mcp/index.js";

/** The parts of the generated mcp/index.ts that `catalogen mcp` uses. */
export interface GeneratedMcp {
  mcpServerFactory(options: { env?: Record<string, string | undefined>; tools?: "operation" | "module" }): () => McpServerLike;
  serveMcpHttp(options: { env?: Record<string, string | undefined>; tools?: "operation" | "module"; port?: number; host?: string }): Promise<{ url: string; close(): Promise<void> }>;
  ENV: Record<string, unknown>;
  SetupError: new (message: string) => Error;
  TOOL_MODULES: readonly { tools: readonly unknown[] }[];
}

export interface McpServerLike {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
  onclose?: (() => void) | undefined;
}

const SDK = "@modelcontextprotocol/sdk";

/** The URL of an SDK module as catalogen's own import would load it. */
function sdkUrl(specifier: string): string {
  try {
    return import.meta.resolve(specifier);
  } catch {
    try {
      return pathToFileURL(createRequire(import.meta.url).resolve(specifier)).href;
    } catch {
      throw new MissingPackage(SDK, "the mcp command");
    }
  }
}

const SDK_IMPORT = /(from\s*|import\s*\(?\s*)"(@modelcontextprotocol\/sdk\/[^"]+)"/g;

export async function loadGeneratedMcp(model: ApiModel, options: McpOptions): Promise<GeneratedMcp> {
  sdkUrl(`${SDK}/server/index.js`); // fails early, with the message, when the SDK is missing
  const { planMcp } = await import("../emit/mcp/index.js");
  const files = [...madeFiles(await planTarget(builtinTarget("client"), model, {})), ...madeFiles(planMcp(model, options))];
  // Gone once imported, and on Ctrl-C or SIGTERM while it is made (start-up included).
  return withTemporaryFolder("catalogen-mcp-", async (dir) => {
    await writeTranspiled(dir, files, (output) => output.replace(SDK_IMPORT, (_match, before: string, specifier: string) => `${before}${JSON.stringify(sdkUrl(specifier))}`));
    // Static imports only: once index.js is loaded, every module it needs is in memory.
    return (await import(pathToFileURL(join(dir, "mcp/index.js")).href)) as GeneratedMcp;
  });
}
