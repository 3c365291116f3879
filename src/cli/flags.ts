// A command's flags: parsed strictly against its options, then laid over the config.
import { resolve } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { entryParts, TargetError } from "../emit/define.js";
import { chooseTargets } from "../emit/targets.js";
import type { Command } from "./command.js";
import type { ResolvedConfig } from "./config.js";
import { UsageError } from "./io.js";

/** A command's arguments as `parseArgs` reads them (strict: an unknown flag throws), positionals under `_`. */
export function parseFlags(command: Command, args: string[]): Record<string, unknown> {
  const options = { ...command.options, help: { type: "boolean", short: "h" }, config: { type: "string" } } as ParseArgsConfig["options"];
  const parsed = parseArgs({ args, options, strict: true, allowPositionals: command.positionals !== undefined });
  return { ...parsed.values, _: parsed.positionals };
}

/**
 * The config laid under the flags; `--target a,b` keeps the options the config gives those targets
 * (in each project of a config with several). `--catalogue` picks one catalogue: no projects then.
 */
export function applyFlags(config: ResolvedConfig, flags: Record<string, unknown>, cwd: string): ResolvedConfig {
  const { projects, ...first } = config;
  const applied = applyFlagsToProject(first, flags, cwd);
  if (projects === undefined || typeof flags.catalogue === "string") return applied;
  return { ...applied, projects: projects.map((project) => applyFlagsToProject(project, flags, cwd)) };
}

function applyFlagsToProject(config: ResolvedConfig, flags: Record<string, unknown>, cwd: string): ResolvedConfig {
  let targets = config.targets;
  if (typeof flags.target === "string") {
    targets = flags.target.split(",").map((name) => config.targets.find((entry) => entryParts(entry)?.name === name) ?? name);
    try {
      chooseTargets(targets, config.plugins, () => "--target");
    } catch (error) {
      if (error instanceof TargetError) throw new UsageError(error.message.replace(/^--target: /, ""));
      throw error;
    }
  }
  return {
    ...config,
    targets,
    ...(typeof flags.catalogue === "string" && { catalogue: resolve(cwd, flags.catalogue) }),
  };
}
