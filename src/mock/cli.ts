// `catalogen mock`: startMock from the command line, until Ctrl-C (or SIGTERM), then exit 0.
import { dirname, resolve } from "node:path";
import type { ResolvedConfig } from "../cli/config.js";
import { shown, UsageError, type Io } from "../cli/io.js";
import { fileProblem } from "../shared/file-errors.js";
import { ConfinedFileError, describeRefusal, readConfinedFile, realFolder } from "../shared/confined-files.js";
import { loadModel } from "../sources/index.js";
import { startMockOf } from "./index.js";
import { MAX_TOKEN_TABLE_BYTES, parseTokenTable, TokenTableError } from "./tokens.js";
import { signalled } from "../cli/signals.js";

const DEFAULT_PORT = 4010;

function wholeNumber(flag: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (typeof value !== "string" || !/^\d+$/.test(value) || number > max) throw new UsageError(`--${flag} must be a whole number from 0 to ${max}`);
  return number;
}

export async function runMock(context: { config: ResolvedConfig; flags: Record<string, unknown>; io: Io }): Promise<number> {
  const { config, flags, io } = context;
  const port = wholeNumber("port", flags.port, DEFAULT_PORT, 65_535);
  const seed = wholeNumber("seed", flags.seed, 1, 2 ** 32 - 1);
  const host = typeof flags.host === "string" ? flags.host : "127.0.0.1";
  const tokensFile = typeof flags.tokens === "string" ? resolve(io.cwd, flags.tokens) : config.mockTokens;
  if (tokensFile === undefined) throw new UsageError("say which tokens the mock accepts: --tokens FILE (or mock.tokens in the config)");
  // The folder that names the table: where the command runs for --tokens, the config's own for mock.tokens.
  const namedIn = typeof flags.tokens === "string" || config.source === undefined ? io.cwd : dirname(config.source);

  const model = await loadModel(config.catalogue);
  let text: string;
  try {
    text = readConfinedFile(tokensFile, [realFolder(namedIn)], MAX_TOKEN_TABLE_BYTES).bytes.toString("utf8");
  } catch (error) {
    const table = `the token table ${shown(tokensFile, io.cwd)}`;
    if (!(error instanceof ConfinedFileError)) {
      io.err(`catalogen mock: cannot read ${table}: ${fileProblem(error)}`);
      return 1;
    }
    const { refusal } = error;
    const folder = shown(namedIn, io.cwd);
    if (refusal.kind === "outside") io.err(`catalogen mock: ${table} ${describeRefusal(refusal, folder)}; keep the token table inside ${folder}, or name another file with --tokens FILE`);
    else if (refusal.kind === "unreadable") io.err(`catalogen mock: cannot read ${table}: ${refusal.reason}; write one token=sellerId:kind a line there (see docs/mock.md), or name another file with --tokens FILE`);
    else io.err(`catalogen mock: ${table}: ${describeRefusal(refusal)}`);
    return 1;
  }
  let tokens;
  try {
    tokens = parseTokenTable(text, model.auth.tokenKinds.map((kind) => kind.id), shown(tokensFile, io.cwd));
  } catch (error) {
    if (!(error instanceof TokenTableError)) throw error;
    io.err(`catalogen mock: ${error.message}`);
    return 1;
  }
  if (tokens.size === 0) {
    io.err(`catalogen mock: ${shown(tokensFile, io.cwd)} lists no token (lines token=sellerId:kind)`);
    return 1;
  }

  let mock;
  try {
    mock = await startMockOf(model, {
      port,
      host,
      seed,
      tokens,
      onError: (_error, where) => io.err(`catalogen mock: ${where.method} ${where.path} failed (${where.requestId})`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EADDRINUSE" && code !== "EADDRNOTAVAIL" && code !== "EACCES") throw error;
    io.err(`catalogen mock: cannot listen on ${host}:${port} (${code}); choose another --port or --host`);
    return 1;
  }
  io.out(`catalogen mock: ${mock.operations} operations on ${mock.url} (${tokens.size} token${tokens.size === 1 ? "" : "s"}, seed ${seed}); Ctrl-C stops it`);
  if (model.servers) {
    const hosts = model.servers.map((server) => `${server.url}${server.environment === undefined ? "" : ` (${server.environment})`}`);
    io.out(`catalogen mock: stands in for ${hosts.join(", ")}; give the client baseUrl: "${mock.url}"`);
  }
  await signalled();
  await mock.close();
  io.out("catalogen mock: stopped");
  return 0;
}
