// The MCP server over the tools (official SDK): `tools/list` shows the tools the token may call,
// `tools/call` checks the arguments against the tool's input schema and calls the operation
// through the generated client. Served on stdio or on Streamable HTTP.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { callOperation, errorResult, redactResult, type CallResult, type Send } from "./calls.js";
import { SetupError } from "./env.js";
import { moduleTools, operationTools, type ListedTool, type TokenScope, type ToolModule } from "./tools.js";

export interface ToolServerOptions<Operation> {
  /** Server name and version told to the client. */
  name: string;
  version: string;
  modules: readonly ToolModule<Operation>[];
  send: Send<Operation>;
  /** `"operation"` (default): one tool per operation; `"module"`: one per module with an `operation` argument. */
  tools?: "operation" | "module" | undefined;
  /** What the token may do: tools it may not call are not listed. */
  scope?: TokenScope | undefined;
  /** Longest wait for a rate limit within one call (default 10 000 ms); a longer one answers `rate_limited`. */
  maxWaitMs?: number | undefined;
  instructions?: string | undefined;
  /**
   * Removes every spelling of the credentials from a text (the client's `redact` with a secret of
   * the server's credentials): applied to every result, text and structured content, success or
   * error, before it leaves the process.
   */
  redact?: ((text: string) => string) | undefined;
}

type Check = (input: unknown) => { valid: boolean; errorMessage?: string | undefined };

/** An SDK `Server` with the tools' handlers; connect it to a transport. */
export function createToolServer<Operation>(options: ToolServerOptions<Operation>): Server {
  const scope = options.scope ?? {};
  const listed = (options.tools ?? "operation") === "module" ? moduleTools(options.modules, scope) : operationTools(options.modules, scope);
  const byName = new Map<string, ListedTool<Operation>>(listed.map((tool) => [tool.name, tool]));
  const validator = new AjvJsonSchemaValidator();
  const checks = new Map<object, Check>();
  /** The compiled check of `schema` (input or output schema of a tool), made on first use. */
  const checkOf = (schema: object): Check => {
    let check = checks.get(schema);
    if (!check) {
      check = validator.getValidator(schema as Parameters<typeof validator.getValidator>[0]);
      checks.set(schema, check);
    }
    return check;
  };
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const redact = options.redact ?? ((text: string) => text);

  const server = new Server(
    { name: options.name, version: options.version },
    { capabilities: { tools: { listChanged: false } }, ...(options.instructions !== undefined && { instructions: options.instructions }) },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: listed.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: { title: tool.title, ...tool.annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.params.name}"; tools/list names the tools this token may call`);
    const input = request.params.arguments ?? {};
    let answer: CallResult;
    try {
      answer = await call(tool, input, extra.signal);
    } catch (error) {
      // Not the client's ApiError (a bug, an abort): still a result, so that its message is redacted too.
      answer = errorResult("internal", `the call failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return redactResult(answer, redact);
  });

  async function call(tool: ListedTool<Operation>, input: Record<string, unknown>, signal: AbortSignal): Promise<CallResult> {
    const verdict = checkOf(tool.inputSchema)(input);
    if (!verdict.valid) return errorResult("invalid_arguments", `the arguments do not fit the tool's input schema: ${verdict.errorMessage ?? "invalid"}`);
    const name = tool.module === undefined ? tool.name : String(input["operation"]);
    const operation = tool.operations.get(name);
    if (!operation) return errorResult("invalid_arguments", `unknown operation "${name}"`);
    const args = tool.module === undefined ? input : ((input["arguments"] as object | undefined) ?? {});
    const answer = await callOperation(options.send, name, operation.operation, args, { maxWaitMs, signal });
    // An answer the documented response does not describe (a proxy's HTML page for a JSON
    // operation) would fail the agent's own check of the output schema as a protocol error.
    const fits = checkOf(tool.outputSchema)(answer.structuredContent);
    if (fits.valid) return answer;
    return errorResult("validation", `${name}: the API's answer does not fit the documented response: ${fits.errorMessage ?? "invalid"}`, {
      body: answer.structuredContent["result"],
    });
  }
  return server;
}

/** Serves `server` on this process's stdin and stdout (stdout then carries only MCP messages). */
export async function serveStdio(server: Server): Promise<void> {
  await server.connect(new StdioServerTransport());
}

export interface HttpOptions {
  /** Default 0: a free port. */
  port?: number | undefined;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** URL path of the MCP endpoint (default `/mcp`). */
  path?: string | undefined;
  /**
   * What every request must bring as `Authorization: Bearer <accessToken>`. Required to listen
   * beyond loopback: whoever reaches the endpoint calls the API with the server's credentials.
   */
  accessToken?: string | undefined;
  /** The variable `accessToken` comes from, named in the message when it is missing (default "an access token"). */
  accessTokenVariable?: string | undefined;
}

export interface RunningHttp {
  /** `http://host:port/mcp` */
  url: string;
  close(): Promise<void>;
}

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine reaches. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) || /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** Compares digests, so neither the time taken nor a length difference tells how much of a guess was right. */
function bearerMatches(request: IncomingMessage, expected: Buffer): boolean {
  const match = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? "");
  return match !== null && timingSafeEqual(createHash("sha256").update(match[1]!).digest(), expected);
}

/**
 * Serves Streamable HTTP, stateless: each request gets a new SDK server from `makeServer` (share
 * the client between them, so rate limits hold across requests). Host headers other than the
 * listening address are refused (DNS rebinding). With `accessToken`, a request without it as a
 * bearer token is answered 401; beyond loopback it is required.
 */
export async function serveHttp(makeServer: () => Server, options: HttpOptions = {}): Promise<RunningHttp> {
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  if (options.accessToken === undefined && !isLoopback(host)) {
    throw new SetupError(`listening on ${host} (not loopback) needs ${options.accessTokenVariable ?? "an access token"}: whoever reaches the endpoint calls the API with this server's credentials`);
  }
  const expected = options.accessToken === undefined ? undefined : createHash("sha256").update(options.accessToken).digest();
  // A wildcard address is reached by names it cannot know; with an access token the Host check
  // (against DNS rebinding, which a browser's page cannot pass without the token) is not needed there.
  const wildcard = /^(0\.0\.0\.0|::|\[::\])$/.test(host);
  let allowedHosts: string[] = [];
  const http: HttpServer = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== path) {
      response.writeHead(404, { "content-type": "text/plain" }).end(`not found; the MCP endpoint is ${path}\n`);
      return;
    }
    if (expected !== undefined && !bearerMatches(request, expected)) {
      response.writeHead(401, { "content-type": "text/plain", "www-authenticate": 'Bearer realm="mcp"' }).end("unauthorized: send Authorization: Bearer <the server's access token>\n");
      return;
    }
    // No session id generator: stateless, one server and transport per request.
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({ enableDnsRebindingProtection: !(wildcard && expected !== undefined), allowedHosts });
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch(() => {
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" }).end("internal error\n");
      });
  });
  // Idle connections outlive the clients' own idle timeout (undici: 4 s), so that a client never
  // sends on a connection the server is closing at the same moment.
  http.keepAliveTimeout = 65_000;
  await new Promise<void>((done, fail) => {
    http.once("error", fail);
    http.listen(options.port ?? 0, host, () => {
      http.off("error", fail);
      done();
    });
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  allowedHosts = [`${shownHost}:${port}`, `localhost:${port}`];
  return {
    url: `http://${shownHost}:${port}${path}`,
    close: () =>
      new Promise<void>((done) => {
        http.close(() => done());
        http.closeAllConnections();
      }),
  };
}
