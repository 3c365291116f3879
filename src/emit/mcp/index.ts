// The MCP server: <out>/mcp/, over the generated client (it requires the client target).
//
//   index.ts          public surface (createMcpServer, serveMcpStdio, serveMcpHttp, ENV)
//   server.ts         the server for this catalogue: its tools, the client, the settings it reads
//   stdio.ts          entry point: the server on stdio
//   http.ts           entry point: the server on Streamable HTTP
//   tools/<id>.ts     a module's operations as tools (schemas, descriptions, who may call them)
//   runtime/*.ts      copied from templates/mcp/ (tool listing, calls, rate-limit waits, settings)
//   package.json      {"type": "module"}
// The generated code depends on @modelcontextprotocol/sdk (the target is about that library).
import type { ApiModel } from "../../model/types.js";
import { plannedFrom, type PlannedFile } from "../plan.js";
import { targetPackageFile, templateFiles } from "../shared/templates.js";
import { EmitError } from "../types.js";
import { SchemaContext } from "./schemas.js";
import { entryFiles, indexFile, serverFile } from "./server-file.js";
import { toolsFile } from "./tools-file.js";

export interface McpOptions {
  /**
   * `"operation"` (default): one tool per operation. `"module"`: one tool per module with an
   * `operation` argument, for APIs with more operations than an agent handles well (many clients
   * slow down or truncate past a few dozen tools).
   */
  tools?: "operation" | "module";
  /** Prefix of the environment variables the server reads (default `API`: `API_TOKEN`, `API_BASE_URL` ...). */
  envPrefix?: string;
}

export function* planMcp(model: ApiModel, options: McpOptions = {}): Iterable<PlannedFile> {
  const tools = options.tools ?? "operation";
  if (tools !== "operation" && tools !== "module") throw new EmitError(`mcp: tools must be "operation" or "module", not ${JSON.stringify(tools)}`);
  const envPrefix = options.envPrefix ?? "API";
  if (!/^[A-Z][A-Z0-9_]*$/.test(envPrefix)) throw new EmitError(`mcp: envPrefix must be upper case letters, digits and _ (e.g. MY_API), not ${JSON.stringify(envPrefix)}`);
  const context = new SchemaContext(new Map(model.types.map((named) => [named.name, named])));
  yield* plannedFrom(templateFiles("mcp"));
  yield { path: "mcp/index.ts", content: () => indexFile().content };
  yield { path: "mcp/server.ts", content: () => serverFile(model, { tools, envPrefix }).content };
  yield* plannedFrom(entryFiles());
  for (const module of model.modules) {
    yield { path: `mcp/tools/${module.id}.ts`, module: module.id, content: () => toolsFile(module, context).content };
  }
  yield plannedFrom([targetPackageFile("mcp")])[0]!;
}

