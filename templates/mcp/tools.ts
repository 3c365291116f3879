// The tools an MCP server offers, as data: one per operation (the generated tools/<module>.ts),
// or one per module with an `operation` argument. Which are listed depends on the token: its kind,
// its categories and whether it is read-only, as the catalogue says of each operation.

/** A JSON Schema, as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** One operation as a tool (made by catalogen from the catalogue). */
export interface OperationTool<Operation = unknown> {
  /** The operation id: the tool's name in `tools: "operation"` mode. */
  readonly name: string;
  /** Module id (snake_case). */
  readonly module: string;
  /** The operation's summary. */
  readonly title: string;
  readonly description: string;
  /** `properties` and `required` of the input object (path parameters, `query`, `headers`, `cookies`, `body`). */
  readonly input: { readonly properties: Readonly<Record<string, JsonSchema>>; readonly required: readonly string[] };
  /** The success response's schema (`{}`: not documented; `{ type: "null" }`: no body). */
  readonly result: JsonSchema;
  /** Names of the module's `$defs` the input and result reach. */
  readonly defs: readonly string[];
  readonly method: string;
  /** Accepted token kinds; absent: not documented (listed for every token). */
  readonly tokens?: readonly string[];
  /** Token categories that may call it (`all`: any); absent: not documented. */
  readonly categories?: readonly string[];
  /** false: it writes (a read-only token does not see it); absent: not documented. */
  readonly readOnlyTokens?: boolean;
  readonly idempotent?: boolean;
  /** What the client sends (its operation descriptor). */
  readonly operation: Operation;
}

/** A module's tools and the named schemas they reach. */
export interface ToolModule<Operation = unknown> {
  readonly id: string;
  readonly title: string;
  readonly area: string;
  readonly defs: Readonly<Record<string, JsonSchema>>;
  readonly tools: readonly OperationTool<Operation>[];
}

/** What the token may do, from the server's environment; absent fields are not checked. */
export interface TokenScope {
  readonly kind?: string | undefined;
  readonly categories?: readonly string[] | undefined;
  readonly readOnly?: boolean | undefined;
}

/** A tool as `tools/list` shows it, with the operations it calls. */
export interface ListedTool<Operation = unknown> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema & { readonly type: "object" };
  readonly outputSchema: JsonSchema & { readonly type: "object" };
  readonly annotations: { readonly readOnlyHint: boolean; readonly destructiveHint: boolean; readonly idempotentHint: boolean; readonly openWorldHint: true };
  /** Operation tools: the one operation; module tools: each by name. */
  readonly operations: ReadonlyMap<string, OperationTool<Operation>>;
  /** The module id, in module mode (the `operation` argument picks the operation). */
  readonly module?: string;
}

/** True when a token of `scope` may call `tool`, as far as the catalogue documents it. */
export function allows(scope: TokenScope, tool: OperationTool): boolean {
  if (scope.kind !== undefined && tool.tokens !== undefined && !tool.tokens.includes(scope.kind)) return false;
  if (scope.readOnly === true && tool.readOnlyTokens === false) return false;
  if (scope.categories !== undefined && tool.categories !== undefined && !tool.categories.includes("all")) {
    if (!tool.categories.some((category) => scope.categories!.includes(category))) return false;
  }
  return true;
}

const STATUS = { type: "string", enum: ["ok", "rate_limited", "error"], description: "ok: `result` holds the answer; rate_limited: not carried out (held back by the documented rate limit, nothing sent; or, with `httpStatus`, refused by the API), call again after `retryAfterSeconds`; error: see `error`" };
const ERROR = {
  type: "object",
  properties: {
    kind: { type: "string", description: "unauthorized, forbidden, not_found, rate_limited, http, timeout, network, validation, too_large, invalid_argument, invalid_arguments, internal" },
    httpStatus: { type: "integer" },
    message: { type: "string" },
    body: { description: "The API's error body, when it sent one; with validation, the answer that did not fit the documented response" },
  },
  required: ["kind", "message"],
};

/** The structured result every tool returns: `{ status, result? , retryAfterSeconds?, httpStatus?, message?, error? }`. */
export function outputSchema(result: JsonSchema, defs: Readonly<Record<string, JsonSchema>>): JsonSchema & { type: "object" } {
  return {
    type: "object",
    properties: {
      status: STATUS,
      result,
      retryAfterSeconds: { type: "integer", minimum: 0, description: "With rate_limited: seconds until the documented rate limit (or the API's Retry-After) lets the next call through" },
      httpStatus: { type: "integer", description: "With rate_limited: the call was sent and the API refused it with this status (429)" },
      message: { type: "string" },
      error: ERROR,
    },
    required: ["status"],
    additionalProperties: false,
    ...(Object.keys(defs).length > 0 && { $defs: defs }),
  };
}

function picked(defs: Readonly<Record<string, JsonSchema>>, names: Iterable<string>): Record<string, JsonSchema> {
  const result: Record<string, JsonSchema> = {};
  for (const name of names) if (Object.hasOwn(defs, name)) result[name] = defs[name]!;
  return result;
}

function inputObject(tool: OperationTool): JsonSchema {
  return { type: "object", properties: tool.input.properties, ...(tool.input.required.length > 0 && { required: tool.input.required }), additionalProperties: false };
}

function hints(tools: readonly OperationTool[]): ListedTool["annotations"] {
  const reads = tools.every((tool) => tool.method === "GET" || tool.method === "HEAD" || tool.method === "OPTIONS");
  return {
    readOnlyHint: reads,
    destructiveHint: tools.some((tool) => tool.method === "DELETE"),
    idempotentHint: tools.every((tool) => tool.method !== "POST" && tool.method !== "PATCH") || tools.every((tool) => tool.idempotent === true),
    openWorldHint: true,
  };
}

/** One tool per operation the token may call. */
export function operationTools<Operation>(modules: readonly ToolModule<Operation>[], scope: TokenScope): ListedTool<Operation>[] {
  return modules.flatMap((module) =>
    module.tools
      .filter((tool) => allows(scope, tool))
      .map((tool) => {
        const defs = picked(module.defs, tool.defs);
        const hasDefs = Object.keys(defs).length > 0;
        return {
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: { ...inputObject(tool), ...(hasDefs && { $defs: defs }) } as JsonSchema & { type: "object" },
          outputSchema: outputSchema(tool.result, defs),
          annotations: hints([tool]),
          operations: new Map([[tool.name, tool]]),
        };
      }),
  );
}

/**
 * One tool per module (for APIs with more operations than an agent handles well): its input is
 * `{ operation, arguments }`, one `oneOf` branch per operation the token may call.
 */
export function moduleTools<Operation>(modules: readonly ToolModule<Operation>[], scope: TokenScope): ListedTool<Operation>[] {
  const listed: ListedTool<Operation>[] = [];
  for (const module of modules) {
    const tools = module.tools.filter((tool) => allows(scope, tool));
    if (tools.length === 0) continue;
    const defs = picked(module.defs, new Set(tools.flatMap((tool) => tool.defs)));
    const results = uniqueSchemas(tools.map((tool) => tool.result));
    const lines = tools.map((tool) => `- ${tool.name}: ${tool.title}`);
    listed.push({
      name: module.id,
      title: module.title,
      description: `${module.title}: ${module.area}\n\nCall one operation: \`operation\` names it, \`arguments\` holds its input (each operation's input is one branch of the schema). Operations:\n${lines.join("\n")}`,
      inputSchema: {
        type: "object",
        properties: {
          operation: { type: "string", enum: tools.map((tool) => tool.name) },
          arguments: { type: "object" },
        },
        required: ["operation"],
        oneOf: tools.map((tool) => ({
          title: tool.name,
          description: tool.description,
          properties: { operation: { const: tool.name }, arguments: inputObject(tool) },
          ...(tool.input.required.length > 0 && { required: ["arguments"] }),
        })),
        ...(Object.keys(defs).length > 0 && { $defs: defs }),
      },
      outputSchema: outputSchema(results.length === 1 ? results[0]! : { anyOf: results }, defs),
      annotations: hints(tools),
      operations: new Map(tools.map((tool) => [tool.name, tool])),
      module: module.id,
    });
  }
  return listed;
}

/** The schemas, each once; `{}` when any of them allows everything. */
function uniqueSchemas(schemas: readonly JsonSchema[]): JsonSchema[] {
  const seen = new Map<string, JsonSchema>();
  for (const schema of schemas) {
    if (Object.keys(schema).filter((key) => key !== "description").length === 0) return [{}];
    seen.set(JSON.stringify(schema), schema);
  }
  return [...seen.values()];
}
