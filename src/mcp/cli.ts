// `catalogen mcp`: the catalogue's MCP server, generated into a temporary folder and run in this
// process, on stdio (default: stdout then carries only MCP messages, so everything said here goes
// to stderr) or on Streamable HTTP with --http PORT. The credentials come from the environment.
import type { ResolvedConfig } from "../cli/config.js";
import { UsageError, type Io } from "../cli/io.js";
import { loadModel } from "../sources/index.js";
import { loadGeneratedMcp } from "./generated-mcp.js";
import { signalled } from "../cli/signals.js";

function portOf(value: unknown): number {
  const number = Number(value);
  if (typeof value !== "string" || !/^\d+$/.test(value) || number > 65_535) throw new UsageError("--http takes a port, a whole number from 0 to 65535 (0: a free one)");
  return number;
}

export async function runMcp(context: { config: ResolvedConfig; flags: Record<string, unknown>; io: Io; env?: Record<string, string | undefined> }): Promise<number> {
  const { config, flags, io } = context;
  const tools = flags.tools ?? "operation";
  if (tools !== "operation" && tools !== "module") throw new UsageError(`--tools takes operation or module, not "${String(tools)}"`);
  const envPrefix = typeof flags["env-prefix"] === "string" ? flags["env-prefix"] : "API";
  if (!/^[A-Z][A-Z0-9_]*$/.test(envPrefix)) throw new UsageError("--env-prefix takes upper case letters, digits and _ (e.g. MY_API)");
  const port = flags.http === undefined ? undefined : portOf(flags.http);
  const host = typeof flags.host === "string" ? flags.host : "127.0.0.1";
  const env: Record<string, string | undefined> = { ...(context.env ?? process.env) };
  if (typeof flags["base-url"] === "string") env[`${envPrefix}_BASE_URL`] = flags["base-url"];

  const model = await loadModel(config.catalogue);
  const mcp = await loadGeneratedMcp(model, { tools, envPrefix }); // a missing SDK: MissingPackage, said by main
  const count = mcp.TOOL_MODULES.reduce((sum, module) => sum + module.tools.length, 0);
  try {
    if (port === undefined) {
      const server = mcpServerOf(mcp, env, tools);
      const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
      const closed = new Promise<void>((done) => (server.onclose = done));
      await server.connect(new StdioServerTransport());
      io.err(`catalogen mcp: ${count} operations as ${tools === "module" ? `${model.modules.length} module tools` : "tools"} on stdio`);
      await Promise.race([closed, signalled(), new Promise<void>((done) => process.stdin.once("end", done))]);
      await server.close();
      return 0;
    }
    const running = await mcp.serveMcpHttp({ env, tools, port, host });
    const variable = String(mcp.ENV.httpAccessToken);
    const guarded = env[variable]?.trim() ? `, ${variable} as bearer token required` : "";
    io.out(`catalogen mcp: ${count} operations as ${tools === "module" ? `${model.modules.length} module tools` : "tools"} on ${running.url} (Streamable HTTP${guarded}); Ctrl-C stops it`);
    await signalled();
    await running.close();
    io.out("catalogen mcp: stopped");
    return 0;
  } catch (error) {
    if (error instanceof mcp.SetupError) {
      io.err(`catalogen mcp: ${error.message}`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EADDRNOTAVAIL" || code === "EACCES") {
      io.err(`catalogen mcp: cannot listen on ${host}:${port} (${code}); choose another --http port or --host`);
      return 1;
    }
    throw error;
  }
}

function mcpServerOf(mcp: Awaited<ReturnType<typeof loadGeneratedMcp>>, env: Record<string, string | undefined>, tools: "operation" | "module") {
  return mcp.mcpServerFactory({ env, tools })();
}
