// The catalogen command line. Exit codes: 0 fine, 1 invalid catalogue, a catalogue a target cannot
// express, or stale output; 2 usage.
import { EmitError } from "../emit/types.js";
import { TargetError } from "../emit/define.js";
import { CatalogueError, useColour } from "../shared/diagnostic.js";
import { MissingPackage } from "../shared/optional-package.js";
import { closest } from "../shared/suggest.js";
import { setWarningSink } from "../shared/warnings.js";
import { WriteError } from "../write/writer.js";
import type { Command } from "./command.js";
import { COMMANDS } from "./commands.js";
import { synopsis } from "./synopsis.js";
import { ConfigError, loadConfig } from "./config.js";
import { applyFlags, parseFlags } from "./flags.js";
import { UsageError, type Io } from "./io.js";

export const defaultIo: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
  ...(process.stderr.isTTY && process.env.TERM !== "dumb" && { status: (text: string) => process.stderr.write(`\r\u001b[K${text}`) }),
};

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.out(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version") {
    io.out("catalogen 0.1.0");
    return 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    const near = closest(name, COMMANDS.map((candidate) => candidate.name));
    io.err(`catalogen: unknown command "${name}"${near ? `; did you mean "${near}"?` : ""}\nRun \`catalogen --help\` for the commands.`);
    return 2;
  }
  try {
    const values = parseFlags(command, rest);
    if (values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    setWarningSink(io.err);
    const config = await loadConfig(io.cwd, values.config as string | undefined);
    for (const warning of config.warnings ?? []) io.err(`catalogen: warning: ${warning}`);
    return await command.run({ config: applyFlags(config, values, io.cwd), flags: values, io: values.quiet ? quietly(io) : io });
  } catch (error) {
    if (error instanceof CatalogueError) {
      io.err(error.report({ colour: useColour(io === defaultIo && process.stderr.isTTY === true) }));
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`catalogen ${command.name}: ${usageMessage(command, error as Error)}\nRun \`catalogen ${command.name} --help\` for its options.`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof TargetError) {
      io.err(`catalogen: ${error.message}`);
      return 2;
    }
    if (error instanceof WriteError || error instanceof EmitError || error instanceof MissingPackage) {
      io.err(`catalogen: ${error.message}`);
      return 1;
    }
    // A bug of catalogen's own: one line, and the stack only when asked for.
    io.err(`catalogen ${command.name}: internal error: ${(error as Error)?.message ?? String(error)}`);
    io.err(process.env.CATALOGEN_DEBUG ? String((error as Error)?.stack) : "This is a bug in catalogen; run again with CATALOGEN_DEBUG=1 for the stack and report it.");
    return 70;
  }
}

/** `--quiet`: errors only, no summary and no status line. */
function quietly({ err, cwd, madeTargets }: Io): Io {
  return { out: () => {}, err, cwd, ...(madeTargets && { madeTargets }) };
}

/** node:util's parse errors, said the way the rest of catalogen says things, with a suggestion. */
function usageMessage(command: Command, error: Error): string {
  const code = (error as { code?: string }).code;
  const unknown = /Unknown option '(-{1,2}[^']*)'/.exec(error.message)?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && unknown) {
    const flags = [...Object.keys(command.options), "config", "help"];
    const near = closest(unknown.replace(/^-+/, ""), flags);
    return `unknown option ${unknown}${near ? `; did you mean --${near}?` : ""}`;
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    const word = /'([^']*)'/.exec(error.message)?.[1];
    return `unexpected argument "${word}": ${command.name} takes only options`;
  }
  const needsValue = /Option '(-{1,2}[^ ']*)(?: <value>)?' argument missing/.exec(error.message)?.[1];
  if (needsValue) return `${needsValue.replace(/, .*$/, "")} needs a value`;
  return error.message;
}

function usage(): string {
  return [
    "Usage: catalogen <command> [options]",
    "",
    "Commands:",
    ...columns(COMMANDS.map((command) => [command.name, command.summary])),
    "",
    "Defaults come from catalogen.config.{js,mjs,ts,mts,json} or the \"catalogen\" key of package.json.",
    "Run `catalogen <command> --help` for a command's options.",
  ].join("\n");
}

function commandHelp(command: Command): string {
  const rows: [string, string][] = Object.entries(command.options).map(([flag, option]) => [
    `--${flag}${option.type === "string" ? ` <${option.valueName ?? "value"}>` : ""}`,
    option.description,
  ]);
  rows.push(["--config <file>", "Read defaults from this config file"], ["-h, --help", "Show this help"]);
  return [`Usage: ${synopsis(command)}`, "", command.summary, "", "Options:", ...columns(rows)].join("\n");
}

/** Two columns, the second starting two spaces after the widest first. */
function columns(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}
