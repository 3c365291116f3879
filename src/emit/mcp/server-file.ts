// mcp/server.ts (the server for this catalogue: its tools, the client it calls them through, the
// settings it reads from the environment), mcp/index.ts, and the entry points mcp/stdio.ts and
// mcp/http.ts.
import type { ApiModel } from "../../model/types.js";
import { docComment, jsonText, stringLiteral } from "../../shared/sinks.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { clientServers, ENVIRONMENT_TYPE } from "../client/servers.js";
import { EmitError } from "../types.js";
import { toolsConstName } from "./tools-file.js";

export interface ServerFileOptions {
  tools: "operation" | "module";
  envPrefix: string;
}

/** The variable names the server reads, for docs and the server's ENV constant. */
export function environmentNames(model: ApiModel, prefix: string): Record<string, string> {
  const names: Record<string, string> = {};
  if (model.auth.schemes === undefined) names.token = `${prefix}_TOKEN`;
  names.baseUrl = `${prefix}_BASE_URL`;
  if (clientServers(model)?.environmentType !== undefined) names.environment = `${prefix}_ENVIRONMENT`;
  Object.assign(names, {
    tokenKind: `${prefix}_TOKEN_KIND`,
    tokenCategories: `${prefix}_TOKEN_CATEGORIES`,
    tokenReadOnly: `${prefix}_TOKEN_READONLY`,
    maxWaitSeconds: `${prefix}_MAX_WAIT_SECONDS`,
    httpPort: `${prefix}_MCP_PORT`,
    httpHost: `${prefix}_MCP_HOST`,
    httpAccessToken: `${prefix}_MCP_ACCESS_TOKEN`,
  });
  return names;
}

/** `{ "API_AUTH_BEARER_AUTH": "bearerAuth" }`, refusing two schemes whose variables would clash. */
function schemeVariables(model: ApiModel, prefix: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const scheme of model.auth.schemes ?? []) {
    const name = `${prefix}_AUTH_${scheme.id.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").toUpperCase()}`;
    if (variables[name] !== undefined) throw new EmitError(`mcp: security schemes "${variables[name]}" and "${scheme.id}" would both read ${name}; rename one`);
    variables[name] = scheme.id;
  }
  return variables;
}

export function serverFile(model: ApiModel, options: ServerFileOptions): { path: string; content: string } {
  const servers = clientServers(model);
  const schemes = model.auth.schemes;
  const environments = servers?.environmentType === undefined ? undefined : [...new Set((model.servers ?? []).flatMap((server) => (server.environment === undefined ? [] : [server.environment])))];
  const needs = {
    prefix: options.envPrefix,
    tokenKinds: model.auth.tokenKinds.map((kind) => kind.id),
    ...(schemes && { schemes: schemes.map((scheme) => scheme.id) }),
    baseUrlRequired: servers === undefined,
    ...(environments && { environments }),
  };
  schemeVariables(model, options.envPrefix);
  const imports = [
    importDeclaration(["type Server"], "@modelcontextprotocol/sdk/server/index.js"),
    importDeclaration(["createTransport", "rateLimits", "responseChecks", "retries", "type FetchLike", ...(environments ? [`type ${ENVIRONMENT_TYPE}`] : [])], "../client/index.js"),
    importDeclaration(["type Operation"], "../client/runtime/operation.js"),
    importDeclaration(["redact", "secretOf"], "../client/runtime/errors.js"),
    importDeclaration(["readSettings", "type ApiNeeds", "type Environment"], "./runtime/env.js"),
    importDeclaration(["createToolServer", "serveHttp", "serveStdio", "type RunningHttp"], "./runtime/server.js"),
    importDeclaration(["type ToolModule"], "./runtime/tools.js"),
    ...model.modules.map((module) => importDeclaration([toolsConstName(module)], `./tools/${module.id}.js`)),
  ];
  const transportOptions = [
    servers ? "...(settings.baseUrl !== undefined && { baseUrl: settings.baseUrl })" : 'baseUrl: settings.baseUrl ?? ""',
    ...(environments ? [`...(settings.environment !== undefined && { environment: settings.environment as ${ENVIRONMENT_TYPE} })`] : []),
    schemes ? "auth: settings.credentials" : 'token: settings.token ?? ""',
    "...(options.fetch && { fetch: options.fetch })",
    "use: [retries({ maxRetryAfterMs: settings.maxWaitMs }), rateLimits({ mode: \"fail\", tokenKind: settings.scope.kind }), responseChecks()]",
  ];
  // A scheme's credential may be `user:password` (Basic): the password alone is redacted too.
  const credentials = schemes ? "Object.values(settings.credentials).flatMap((value) => [value, value.slice(value.indexOf(\":\") + 1)])" : "settings.token ?? \"\"";
  const credentialsComment = "Every spelling of the credentials, removed from every tool result (an API may echo them).";
  const statements = [
    `${docComment(["Every module's tools, in catalogue order."])}export const TOOL_MODULES: readonly ToolModule<Operation>[] = [${model.modules.map(toolsConstName).join(", ")}];`,
    `${docComment(["What the server needs from its environment: variables named with this prefix (see ENV)."])}const NEEDS: ApiNeeds = ${jsonText(needs, 2)};`,
    `${docComment(["The environment variables the server reads (credentials only from there, never from an agent)."])}export const ENV = ${jsonText({ ...environmentNames(model, options.envPrefix), ...(schemes && { schemes: schemeVariables(model, options.envPrefix) }) }, 2)} as const;`,
    `export interface McpServerOptions {
${docComment(["Where the settings come from (default: process.env)."])}env?: Environment | undefined;
${docComment([`\`"operation"\`: one tool per operation; \`"module"\`: one per module with an \`operation\` argument (default \`${options.tools}\`).`])}tools?: "operation" | "module" | undefined;
${docComment(["The fetch the client sends with (default: the global one)."])}fetch?: FetchLike | undefined;
}`,
    `${docComment([
      "Reads the settings and makes one client; returns a function that makes an MCP server over it (Streamable HTTP makes one per request, sharing the client and so its rate limits). Throws SetupError when a variable is missing or wrong.",
    ])}export function mcpServerFactory(options: McpServerOptions = {}): () => Server {
const settings = readSettings(options.env ?? process.env, NEEDS);
const transport = createTransport({
${transportOptions.map((line) => `${line},`).join("\n")}
});
${docComment([credentialsComment])}const secret = secretOf(${credentials});
return () =>
createToolServer<Operation>({
name: ${stringLiteral(model.title)},
version: "1.0.0",
modules: TOOL_MODULES,
send: (operation, args, callOptions) => transport.send(operation, args, callOptions),
tools: options.tools ?? ${stringLiteral(options.tools)},
scope: settings.scope,
maxWaitMs: settings.maxWaitMs,
redact: (text) => redact(text, secret),
});
}`,
    `${docComment(["An MCP server for this API (connect it to a transport of the SDK)."])}export function createMcpServer(options: McpServerOptions = {}): Server {
return mcpServerFactory(options)();
}`,
    `${docComment(["Serves the tools on stdin and stdout until the input ends."])}export async function serveMcpStdio(options: McpServerOptions = {}): Promise<void> {
await serveStdio(mcpServerFactory(options)());
}`,
    `${docComment([
      `Serves the tools on Streamable HTTP at \`/mcp\`, on ${options.envPrefix}_MCP_HOST:${options.envPrefix}_MCP_PORT (default 127.0.0.1:8808) unless given.`,
      `With ${options.envPrefix}_MCP_ACCESS_TOKEN set, every request must bring it as \`Authorization: Bearer …\`; beyond loopback it must be set.`,
    ])}export async function serveMcpHttp(options: McpServerOptions & { port?: number | undefined; host?: string | undefined } = {}): Promise<RunningHttp> {
const settings = readSettings(options.env ?? process.env, NEEDS);
return serveHttp(mcpServerFactory(options), {
port: options.port ?? settings.http.port,
host: options.host ?? settings.http.host,
accessToken: settings.http.accessToken,
accessTokenVariable: ENV.httpAccessToken,
});
}`,
  ];
  return { path: "mcp/server.ts", content: tsFile(imports, statements) };
}

export function indexFile(): { path: string; content: string } {
  const content = tsFile(
    [],
    [
      'export { createMcpServer, ENV, mcpServerFactory, serveMcpHttp, serveMcpStdio, TOOL_MODULES } from "./server.js";',
      'export type { McpServerOptions } from "./server.js";',
      'export { SetupError } from "./runtime/env.js";',
      'export type { RunningHttp } from "./runtime/server.js";',
      'export type { OperationTool, ToolModule, TokenScope } from "./runtime/tools.js";',
    ],
  );
  return { path: "mcp/index.ts", content };
}

/** mcp/stdio.ts and mcp/http.ts: run them (compiled, or with a TypeScript runner) to serve. */
export function entryFiles(): { path: string; content: string }[] {
  return [
    {
      path: "mcp/stdio.ts",
      content: tsFile(
        [importDeclaration(["runEntry"], "./runtime/env.js"), importDeclaration(["serveMcpStdio"], "./server.js")],
        [`${docComment(["Entry point: the MCP server on stdio (settings from the environment, see ENV in server.ts)."])}await runEntry(() => serveMcpStdio());`],
      ),
    },
    {
      path: "mcp/http.ts",
      content: tsFile(
        [importDeclaration(["runEntry"], "./runtime/env.js"), importDeclaration(["serveMcpHttp"], "./server.js")],
        [
          `${docComment(["Entry point: the MCP server on Streamable HTTP (settings from the environment, see ENV in server.ts)."])}await runEntry(async () => {
const running = await serveMcpHttp();
process.stderr.write(\`MCP server on \${running.url}\\n\`);
});`,
        ],
      ),
    },
  ];
}
