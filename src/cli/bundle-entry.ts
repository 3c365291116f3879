// The entry of the CLI's bundle (scripts/build-bundle.mjs, run by src/cli/code-cache.ts): the CLI
// as src/cli/start.ts runs it, and what the bundle's code cache asks of the run.
import { lastJoining } from "../incremental-facts.js";

export { runHere, start, startHere } from "./start.js";

/**
 * Whether this run made or kept the targets' files (a generate that was not up to date): the code
 * it compiled is what a change run needs, so the bundle's code cache keeps it (src/cli/code-cache.ts).
 */
export function ranTargets(): boolean {
  return lastJoining.kept.length + lastJoining.made.length > 0;
}
