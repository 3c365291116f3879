// `catalogen mock`: startMock from the command line, until Ctrl-C (or SIGTERM), then exit 0. With no
// token table it makes a development token per token kind and prints them, as a stand-in API should.
import { createServer as createNetServer } from "node:net";
import { dirname, resolve } from "node:path";
import type { ResolvedConfig } from "../cli/config.js";
import { shown, UsageError, type Io } from "../cli/io.js";
import { docPage } from "../shared/doc-pages.js";
import { fileProblem } from "../shared/file-errors.js";
import { ConfinedFileError, describeRefusal, readConfinedFile, realFolder } from "../shared/confined-files.js";
import { loadModel } from "../sources/index.js";
import { startMockOf } from "./index.js";
import { developmentTokens, DEVELOPMENT_IDENTITY, MAX_TOKEN_TABLE_BYTES, parseTokenTable, tokenLine, TokenTableError, type MockIdentity } from "./tokens.js";
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
  const host = typeof flags.host === "string" ? flags.host : "127.0.0.1";
  const seed = wholeNumber("seed", flags.seed, 1, 2 ** 32 - 1);
  let port = wholeNumber("port", flags.port, DEFAULT_PORT, 65_535);
  const tokensFile = typeof flags.tokens === "string" ? resolve(io.cwd, flags.tokens) : config.mockTokens;
  // The folder that names the table: where the command runs for --tokens, the config's own for mock.tokens.
  const namedIn = typeof flags.tokens === "string" || config.source === undefined ? io.cwd : dirname(config.source);

  const model = await loadModel(config.catalogue);
  const kinds = model.auth.tokenKinds.map((kind) => kind.id);
  const tokens = tokensFile === undefined ? developmentTokens(kinds, model.principal) : tokenTable(tokensFile, namedIn, kinds, model.principal, io);
  if (tokens === undefined) return 1;
  // Without --port, a busy 4010 is no reason to stop: another free port, said below.
  const portTaken = flags.port === undefined && !(await canListen(host, port));
  if (portTaken) port = 0;

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
  // Listening for Ctrl-C before saying it stops the mock: one pressed right after the banner too.
  const stop = signalled();
  io.out(`catalogen mock: ${mock.operations} operations on ${mock.url} (${tokens.size} token${tokens.size === 1 ? "" : "s"}, seed ${seed}); Ctrl-C stops it`);
  if (portTaken) io.out(`catalogen mock: port ${DEFAULT_PORT} is taken, so a free one; --port N chooses`);
  if (tokensFile === undefined && tokens.size > 0) {
    io.out(`catalogen mock: no --tokens FILE (or mock.tokens in the config), so development tokens, one per token kind, all of ${model.principal} "${DEVELOPMENT_IDENTITY}":`);
    for (const [token, identity] of tokens) io.out(`  ${identity.tokenKind.padEnd(Math.max(...kinds.map((kind) => kind.length)))}  ${token}`);
  }
  if (model.servers) {
    const hosts = model.servers.map((server) => `${server.url}${server.environment === undefined ? "" : ` (${server.environment})`}`);
    io.out(`catalogen mock: stands in for ${hosts.join(", ")}; give the client baseUrl: "${mock.url}"`);
  }
  await stop;
  await mock.close();
  io.out("catalogen mock: stopped");
  return 0;
}

/** The token table in `file` (confined to `namedIn`), checked against the catalogue's kinds; undefined after saying what is wrong. */
function tokenTable(file: string, namedIn: string, kinds: string[], principal: string, io: Io): Map<string, MockIdentity> | undefined {
  let text: string;
  try {
    text = readConfinedFile(file, [realFolder(namedIn)], MAX_TOKEN_TABLE_BYTES).bytes.toString("utf8");
  } catch (error) {
    const table = `the token table ${shown(file, io.cwd)}`;
    if (!(error instanceof ConfinedFileError)) {
      io.err(`catalogen mock: cannot read ${table}: ${fileProblem(error)}`);
      return undefined;
    }
    const { refusal } = error;
    const folder = shown(namedIn, io.cwd);
    if (refusal.kind === "outside") io.err(`catalogen mock: ${table} ${describeRefusal(refusal, folder)}; keep the token table inside ${folder}, or name another file with --tokens FILE`);
    else if (refusal.kind === "unreadable") io.err(`catalogen mock: cannot read ${table}: ${refusal.reason}; write one ${tokenLine(principal)} a line there (see ${docPage("mock.md", io.cwd)}), or name another file with --tokens FILE`);
    else io.err(`catalogen mock: ${table}: ${describeRefusal(refusal)}`);
    return undefined;
  }
  let tokens;
  try {
    tokens = parseTokenTable(text, kinds, shown(file, io.cwd), principal);
  } catch (error) {
    if (!(error instanceof TokenTableError)) throw error;
    io.err(`catalogen mock: ${error.message}`);
    return undefined;
  }
  if (tokens.size === 0) {
    io.err(`catalogen mock: ${shown(file, io.cwd)} lists no token (lines ${tokenLine(principal)})`);
    return undefined;
  }
  return tokens;
}

/** Whether a server could listen on host:port now (the port free, the address ours). */
function canListen(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createNetServer();
    probe.once("error", () => done(false));
    probe.listen(port, host, () => probe.close(() => done(true)));
  });
}
