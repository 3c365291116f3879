// A command's one-line synopsis, made from its definition (src/cli/commands.ts): the first line of
// its --help and the lines of docs/cli.md, which test/docs/cli-synopsis.test.ts holds to these.
import type { Command } from "./command.js";

/** `catalogen import <file.json|yaml> --out <dir> [--module-by <tag|path>] ... [--allow-ref-dir <dir>]...` */
export function synopsis(command: Command): string {
  const words = ["catalogen", command.name];
  if (command.positionals) words.push(command.positionals);
  for (const [flag, option] of Object.entries(command.options)) {
    const word = `--${flag}${option.type === "string" ? ` <${option.valueName ?? "value"}>` : ""}`;
    words.push(option.required ? word : `[${word}]${option.multiple ? "..." : ""}`);
  }
  return words.join(" ");
}

/** What every command takes besides its own options. */
export const COMMON_SYNOPSIS = "catalogen <command> [--config <file>] [--help]";
