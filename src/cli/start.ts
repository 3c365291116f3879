// The CLI's start: the V8 flags of a one-shot `generate` or `import` (src/cli/run-flags.ts), then
// the command. bin/catalogen.js runs it from the bundle (src/cli/load-bundle.ts) or from dist/.
import { setRunFlags } from "./run-flags.js";

/** Runs the command line `argv` and resolves with its exit code. */
export async function start(argv: string[]): Promise<number> {
  setRunFlags(argv);
  return (await import("./main.js")).main(argv);
}
