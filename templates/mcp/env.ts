// The MCP server's settings, read from its environment only: the credentials never come from an
// agent's arguments, and no message here ever holds a variable's value.
import type { TokenScope } from "./tools.js";

export type Environment = Readonly<Record<string, string | undefined>>;

/** What the catalogue says the server needs (written by catalogen into mcp/server.ts). */
export interface ApiNeeds {
  /** Prefix of every variable name, e.g. `API` (`API_TOKEN`). */
  readonly prefix: string;
  /** The catalogue's token kinds. */
  readonly tokenKinds: readonly string[];
  /** Security scheme ids (an API with schemes: one variable each); absent: one token. */
  readonly schemes?: readonly string[];
  /** The catalogue declares no servers: a base URL must be given. */
  readonly baseUrlRequired: boolean;
  /** The servers' environments (`API_ENVIRONMENT` picks one); absent: none. */
  readonly environments?: readonly string[];
}

export interface Settings {
  /** The token (an API without schemes). */
  token?: string;
  /** Credentials per scheme id (an API with schemes). */
  credentials: Record<string, string>;
  baseUrl?: string;
  environment?: string;
  scope: TokenScope;
  maxWaitMs: number;
  /** `accessToken`: what an HTTP request must bring as `Authorization: Bearer …` (absent: nothing, loopback only). */
  http: { port: number; host: string; accessToken?: string };
}

/** A setting is missing or wrong; the message names the variable, never its value. */
export class SetupError extends Error {
  override readonly name = "SetupError";
}

/** The variable holding the credential of scheme `id`: `API_AUTH_BEARER_AUTH` for `bearerAuth`. */
export function schemeVariable(prefix: string, id: string): string {
  return `${prefix}_AUTH_${id.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").toUpperCase()}`;
}

function present(env: Environment, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value;
}

function wholeNumber(env: Environment, name: string, fallback: number, max: number): number {
  const text = present(env, name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim()) || Number(text) > max) throw new SetupError(`${name} must be a whole number from 0 to ${max}`);
  return Number(text);
}

export function readSettings(env: Environment, needs: ApiNeeds): Settings {
  const p = needs.prefix;
  const settings: Settings = {
    credentials: {},
    scope: {},
    maxWaitMs: wholeNumber(env, `${p}_MAX_WAIT_SECONDS`, 10, 3600) * 1000,
    http: { port: wholeNumber(env, `${p}_MCP_PORT`, 8808, 65_535), host: present(env, `${p}_MCP_HOST`) ?? "127.0.0.1" },
  };
  const accessToken = present(env, `${p}_MCP_ACCESS_TOKEN`);
  if (accessToken !== undefined) {
    if (/[\s\x00-\x1f\x7f]/.test(accessToken) || accessToken.length < 16) throw new SetupError(`${p}_MCP_ACCESS_TOKEN must be at least 16 characters, without spaces or control characters`);
    settings.http.accessToken = accessToken;
  }
  if (needs.schemes === undefined) {
    const token = present(env, `${p}_TOKEN`);
    if (token === undefined) throw new SetupError(`set ${p}_TOKEN to the API token (it is read from the environment only, never from a tool's arguments)`);
    settings.token = token;
  } else {
    for (const id of needs.schemes) {
      const value = present(env, schemeVariable(p, id));
      if (value !== undefined) settings.credentials[id] = value;
    }
  }
  const baseUrl = present(env, `${p}_BASE_URL`);
  if (baseUrl !== undefined) {
    if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new SetupError(`${p}_BASE_URL must be an http(s) URL`);
    settings.baseUrl = baseUrl.replace(/\/+$/, "");
  } else if (needs.baseUrlRequired) throw new SetupError(`set ${p}_BASE_URL to the API's base URL (the catalogue declares no servers)`);
  const environment = present(env, `${p}_ENVIRONMENT`);
  if (environment !== undefined) {
    if (!needs.environments?.includes(environment)) {
      throw new SetupError(`${p}_ENVIRONMENT must be one of ${needs.environments?.length ? needs.environments.join(", ") : "nothing: the catalogue's servers name no environments"}`);
    }
    settings.environment = environment;
  }
  const kind = present(env, `${p}_TOKEN_KIND`);
  if (kind !== undefined) {
    if (!needs.tokenKinds.includes(kind)) throw new SetupError(`${p}_TOKEN_KIND must be one of the catalogue's token kinds: ${needs.tokenKinds.join(", ") || "(none declared)"}`);
    settings.scope = { ...settings.scope, kind };
  }
  const categories = present(env, `${p}_TOKEN_CATEGORIES`);
  if (categories !== undefined) settings.scope = { ...settings.scope, categories: categories.split(",").map((category) => category.trim()).filter((category) => category !== "") };
  const readOnly = present(env, `${p}_TOKEN_READONLY`);
  if (readOnly !== undefined) {
    if (!/^(true|false|1|0)$/.test(readOnly.trim())) throw new SetupError(`${p}_TOKEN_READONLY must be true or false`);
    settings.scope = { ...settings.scope, readOnly: /^(true|1)$/.test(readOnly.trim()) };
  }
  return settings;
}

/** Runs an entry point: a SetupError is one line on stderr and exit code 1, never a stack trace. */
export async function runEntry(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    process.stderr.write(`mcp: ${error.message}\n`);
    process.exitCode = 1;
  }
}
