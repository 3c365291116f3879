// The entry of the CLI's bundle (scripts/build-bundle.mjs, run by src/cli/code-cache.ts): the CLI
// as src/cli/start.ts runs it.
export { runHere, start, startHere } from "./start.js";
