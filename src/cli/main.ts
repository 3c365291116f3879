// The catalogen command line. Exit codes: 0 fine, 1 invalid catalogue, a catalogue a target cannot
// express, or stale output; 2 usage.
import { relative, resolve } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { EmitError, TARGETS, type Target } from "../emit/types.js";
import { CatalogueError, useColour } from "../shared/diagnostic.js";
import { setWarningSink } from "../shared/warnings.js";
import { WriteError } from "../write/writer.js";
import { COMMANDS, type Command } from "./commands.js";
import { ConfigError, loadConfig, type ResolvedConfig } from "./config.js";

export class UsageError extends Error {
  override name = "UsageError";
}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
}

const defaultIo: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
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
    io.err(`catalogen: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    const values = parseFlags(command, rest);
    if (values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    setWarningSink(io.err);
    const config = applyFlags(await loadConfig(io.cwd, values.config as string | undefined), values, io.cwd);
    return await command.run({ config, flags: values, io });
  } catch (error) {
    if (error instanceof CatalogueError) {
      io.err(error.report({ colour: useColour(io === defaultIo && process.stderr.isTTY === true) }));
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`catalogen ${command.name}: ${(error as Error).message}\n\n${commandHelp(command)}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`catalogen: ${error.message}`);
      return 2;
    }
    if (error instanceof WriteError || error instanceof EmitError) {
      io.err(`catalogen: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** A command's arguments as `parseArgs` reads them (strict: an unknown flag throws), positionals under `_`. */
export function parseFlags(command: Command, args: string[]): Record<string, unknown> {
  const options = { ...command.options, help: { type: "boolean", short: "h" }, config: { type: "string" } } as ParseArgsConfig["options"];
  const parsed = parseArgs({ args, options, strict: true, allowPositionals: command.positionals !== undefined });
  return { ...parsed.values, _: parsed.positionals };
}

export function applyFlags(config: ResolvedConfig, flags: Record<string, unknown>, cwd: string): ResolvedConfig {
  const targets = typeof flags.target === "string" ? flags.target.split(",") : config.targets;
  for (const target of targets) {
    if (!TARGETS.includes(target as Target)) throw new UsageError(`unknown target "${target}"; use ${TARGETS.join(", ")}`);
  }
  return {
    ...config,
    targets: targets as Target[],
    ...(typeof flags.catalogue === "string" && { catalogue: resolve(cwd, flags.catalogue) }),
  };
}

export function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}

function usage(): string {
  return [
    "Usage: catalogen <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((command) => `  ${command.name.padEnd(10)} ${command.summary}`),
    "",
    "Defaults come from catalogen.config.{js,mjs,ts,mts,json} or the \"catalogen\" key of package.json.",
    "Run `catalogen <command> --help` for a command's options.",
  ].join("\n");
}

function commandHelp(command: Command): string {
  const lines = Object.entries(command.options).map(([flag, option]) => {
    const value = option.type === "string" ? ` <${option.valueName ?? "value"}>` : "";
    return `  --${flag}${value}`.padEnd(28) + option.description;
  });
  lines.push("  --config <file>".padEnd(28) + "Read defaults from this config file", "  -h, --help".padEnd(28) + "Show this help");
  return [`Usage: catalogen ${command.name} [options]${command.positionals ? ` ${command.positionals}` : ""}`, "", command.summary, "", "Options:", ...lines].join("\n");
}
