// A command's flags: parsed strictly against its options, then laid over the config.
import { resolve } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { TARGETS, type Target } from "../emit/types.js";
import { closest } from "../shared/suggest.js";
import type { Command } from "./command.js";
import type { ResolvedConfig } from "./config.js";
import { UsageError } from "./io.js";

/** A command's arguments as `parseArgs` reads them (strict: an unknown flag throws), positionals under `_`. */
export function parseFlags(command: Command, args: string[]): Record<string, unknown> {
  const options = { ...command.options, help: { type: "boolean", short: "h" }, config: { type: "string" } } as ParseArgsConfig["options"];
  const parsed = parseArgs({ args, options, strict: true, allowPositionals: command.positionals !== undefined });
  return { ...parsed.values, _: parsed.positionals };
}

export function applyFlags(config: ResolvedConfig, flags: Record<string, unknown>, cwd: string): ResolvedConfig {
  const targets = typeof flags.target === "string" ? flags.target.split(",") : config.targets;
  for (const target of targets) {
    if (TARGETS.includes(target as Target)) continue;
    const near = closest(target, TARGETS);
    throw new UsageError(`unknown target "${target}"${near ? `; did you mean "${near}"?` : ""}; the targets are ${TARGETS.join(", ")}`);
  }
  return {
    ...config,
    targets: targets as Target[],
    ...(typeof flags.catalogue === "string" && { catalogue: resolve(cwd, flags.catalogue) }),
  };
}
