// The CLI's start: the V8 flags of a one-shot `generate` or `import` (src/cli/run-flags.ts), then
// the command. bin/catalogen.js runs it from the bundle (src/cli/load-bundle.ts) or from dist/.
import { setRunFlags } from "./run-flags.js";

/**
 * Runs the command line `argv` and resolves with its exit code; `madeTargets` is told when a
 * generate made or kept the targets' files (the bundle's code cache then keeps the emitters' code).
 */
export async function start(argv: string[], madeTargets?: () => void): Promise<number> {
  setRunFlags(argv);
  const { main, defaultIo } = await import("./main.js");
  return main(argv, madeTargets ? { ...defaultIo, madeTargets } : defaultIo);
}
