// client/client.ts: createTransport for this API and createClient, one line per module: each
// module's group of bound operations comes from client/modules/<module id>.ts.
import type { ApiModel, SecurityScheme } from "../../model/types.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { bindFunctionName, operationsInterfaceName } from "./module-file.js";
import { clientServers, ENVIRONMENT_TYPE, type ClientServers } from "./servers.js";

/** What client.ts says of all modules' operations (the client plan works it out from each module's facts). */
export interface ClientSummary {
  /** The token categories operations name. */
  categories: readonly string[];
  /** The first operation of the catalogue and its module's name: createClient's example. */
  example?: { module: string; operation: string };
  /** Whether an operation says which tokens may call it (see usesTokenAccess). */
  tokenAccess: boolean;
}

export function clientFile(model: ApiModel, summary: ClientSummary = clientSummaryOf(model)): { path: string; content: string } {
  const path = "client/client.ts";
  const servers = clientServers(model);
  const schemes = model.auth.schemes;
  const imports = [
    importDeclaration(["makeTransport", "type Transport", "type TransportOptions as Options"], "./runtime/transport.js"),
    ...(servers ? [importDeclaration(["serverTransport", "type Servers", "type ServersBaseUrl"], "./runtime/servers.js")] : []),
    importDeclaration(["clientFeatures", "type FeatureOptions"], "./runtime/client-features.js"),
    ...(summary.tokenAccess ? [importDeclaration(["tokenAccess"], "./runtime/token-access.js")] : []),
    ...(schemes
      ? [
          importDeclaration(
            ["authApplier", ...(schemes.some((scheme) => scheme.type === "http" && scheme.scheme === "basic") ? ["type BasicCredential"] : []), ...(schemes.length > 0 ? ["type CredentialSource"] : []), "type SchemeInfo"],
            "./runtime/auth.js",
          ),
        ]
      : []),
    ...model.modules.map((module) =>
      importDeclaration([bindFunctionName(module.name), `type ${operationsInterfaceName(module.name)}`], `./modules/${module.id}.js`),
    ),
  ];
  const moduleNames = model.modules.map((m) => stringLiteral(m.name));
  const properties = model.modules.map(
    (module) => `${docComment([`${module.title}: ${module.area}.`])}readonly ${module.name}: ${operationsInterfaceName(module.name)};`,
  );
  const features = summary.tokenAccess ? "clientFeatures(options, tokenAccess)" : "clientFeatures(options)";
  const groups = model.modules.map((module) => `${module.name}: ${bindFunctionName(module.name)}(transport),\n`).join("");
  const statements = [
    `${docComment(["Module names (camelCase), the keys of `baseUrl` when it is given per module."])}export type ModuleName = ${moduleNames.length > 0 ? moduleNames.join(" | ") : "never"};`,
    ...(servers ? serverStatements(servers) : []),
    ...(schemes ? schemeStatements(schemes) : []),
    `${docComment(["Options of {@link createTransport}: features (retries, rate limits, response checks) only as given in `use`."])}export type TransportOptions = ${withAuth(servers ? transportOptionsWithServers(servers) : "Options<ModuleName>", schemes)};`,
    `${docComment(["Options of {@link createClient}: its transport has retries, rate limits and response checks unless these options turn them off."])}export type ClientOptions = Omit<TransportOptions, "use"> & FeatureOptions<${tokenKindUnion(model)}, ${tokenCategoryUnion(summary.categories)}>;`,
    `${docComment([
      schemes
        ? "The shared transport that every standalone operation function takes first. Sends each operation's credentials as its security schemes say."
        : `The shared transport that every standalone operation function takes first. Sends the token in the \`${model.auth.header}\` header.`,
    ])}export function createTransport(options: TransportOptions): Transport {
${transportBody(model, servers, schemes !== undefined)}
}`,
    `${docComment(["One property per module, one method per operation."])}export interface Client {
${properties.join("\n")}
}`,
    `${docComment([createClientDoc(summary)])}export function createClient(options: ClientOptions): Client {
${groups === "" ? `createTransport({ ...options, use: ${features} }); // no operations: the options are still checked\nreturn {};` : `const transport = createTransport({ ...options, use: ${features} });\nreturn {\n${groups}};`}
}`,
  ];
  return { path, content: tsFile(imports, statements) };
}

/**
 * Whether an operation says which tokens may call it (categories, read-only tokens): only then does
 * createClient check `tokenCategories` and `readOnlyToken` (runtime/token-access.ts).
 */
export function usesTokenAccess(model: ApiModel): boolean {
  return model.modules.some((module) => module.operations.some((operation) => operation.categories !== undefined || operation.readOnlyTokens !== undefined));
}

/** What client.ts says of all modules' operations, gone over here. */
function clientSummaryOf(model: ApiModel): ClientSummary {
  const module = model.modules.find((m) => m.operations.length > 0);
  const operation = module?.operations[0];
  return {
    categories: model.modules.flatMap((module) => module.operations.flatMap((operation) => operation.categories ?? [])),
    ...(module && operation && { example: { module: module.name, operation: operation.id } }),
    tokenAccess: usesTokenAccess(model),
  };
}

/** The doc of createClient, with a call of the catalogue's first operation as its example. */
function createClientDoc({ example }: ClientSummary): string {
  if (!example) return "A client of the whole API.";
  return `A client of the whole API, e.g. \`await api.${example.module}.${example.operation}(...)\`.`;
}

/** The token categories operations name (`all` aside: no token is issued for it) as a type; `string` when the catalogue names none. */
function tokenCategoryUnion(named: readonly string[]): string {
  const categories = new Set(named);
  categories.delete("all");
  return categories.size > 0 ? [...categories].sort().map(stringLiteral).join(" | ") : "string";
}

/** The declared token kinds as a type (`createClient({ tokenKind })` takes one of them). */
function tokenKindUnion(model: ApiModel): string {
  return model.auth.tokenKinds.length > 0 ? model.auth.tokenKinds.map((kind) => stringLiteral(kind.id)).join(" | ") : "never";
}

/** The environments' type and the table of base URLs, when the catalogue declares servers. */
function serverStatements(servers: ClientServers): string[] {
  const statements: string[] = [];
  if (servers.environmentType !== undefined) {
    statements.push(
      `${docComment([`The environments of the catalogue's servers, the values of \`environment\` (default \`${servers.defaultEnvironment}\`).`])}export type ${ENVIRONMENT_TYPE} = ${servers.environmentType};`,
    );
  }
  statements.push(
    `${docComment(["Base URLs per environment, from the catalogue's servers: the API's, then where a module or operation names other servers (null: none of that environment)."])}const SERVERS: Readonly<Record<string, Servers>> = ${servers.table};`,
  );
  return statements;
}

function transportOptionsWithServers(servers: ClientServers): string {
  const environment =
    servers.environmentType === undefined
      ? ""
      : `\n${docComment([`Whose servers to call (default \`${servers.defaultEnvironment}\`): each operation goes to its server of this environment.`])}environment?: ${ENVIRONMENT_TYPE} | undefined;`;
  return `Omit<Options<ModuleName>, "baseUrl"> & {
${docComment(["Overrides the catalogue's servers: one URL for every operation, or `{ default?, <module>: url }` (a module's key first, then `default`, then its server)."])}baseUrl?: ServersBaseUrl<ModuleName> | undefined;${environment}
}`;
}

/** `return makeTransport(...)`: with schemes, the credentials come from `options.auth` per operation. */
function transportBody(model: ApiModel, servers: ClientServers | undefined, schemes: boolean): string {
  const header = stringLiteral(model.auth.header);
  const extra = schemes ? ", authApplier(SCHEMES, options.auth)" : "";
  const given = schemes ? '{ ...options, token: "" }' : "options";
  return servers
    ? `return serverTransport(${given}, SERVERS, ${stringLiteral(servers.defaultEnvironment)}, (resolved) => makeTransport(resolved, ${header}${extra}));`
    : `return makeTransport(${given}, ${header}${extra});`;
}

function withAuth(options: string, schemes: readonly SecurityScheme[] | undefined): string {
  if (!schemes) return options;
  const doc = docComment(["Credentials per security scheme: each operation sends the first alternative of its requirement that is given in full."]);
  return `Omit<${options}, "token"> & {\n${doc}auth${schemes.length === 0 ? "?" : ""}: AuthCredentials${schemes.length === 0 ? " | undefined" : ""};\n}`;
}

/** SCHEMES (how each credential travels) and AuthCredentials (createClient's `auth`). */
function schemeStatements(schemes: readonly SecurityScheme[]): string[] {
  const info = (scheme: SecurityScheme): string =>
    scheme.type === "apiKey"
      ? `{ type: "apiKey", in: ${stringLiteral(scheme.in!)}, name: ${stringLiteral(scheme.name!)} }`
      : `{ type: "http", scheme: ${stringLiteral(scheme.type === "http" ? scheme.scheme! : "bearer")} }`;
  const table = schemes.map((scheme) => `${stringLiteral(scheme.id)}: ${info(scheme)},`).join("\n");
  const fields = schemes.map((scheme) => {
    const basic = scheme.type === "http" && scheme.scheme === "basic";
    const where =
      scheme.type === "apiKey"
        ? `An API key sent in the ${scheme.in} ${scheme.in === "header" ? "header" : "parameter"} \`${scheme.name}\`.`
        : basic
          ? "HTTP basic: `{ username, password }` or `username:password`."
          : `A ${scheme.type === "http" ? scheme.scheme : scheme.type} token sent as \`Authorization: ${scheme.type === "http" && scheme.scheme !== "bearer" ? scheme.scheme : "Bearer"} <token>\`.`;
    const text = [where, ...(scheme.description ? [scheme.description] : [])];
    return `${docComment(text)}${stringLiteral(scheme.id)}?: CredentialSource<${basic ? "string | BasicCredential" : "string"}> | undefined;`;
  });
  return [
    `const SCHEMES: Readonly<Record<string, SchemeInfo>> = {\n${table}\n};`,
    `${docComment(["Credentials per security scheme of the catalogue (a function is called once per call, for rotation)."])}export type AuthCredentials = {\n${fields.join("\n")}\n};`,
  ];
}
