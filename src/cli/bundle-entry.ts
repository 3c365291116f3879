// The entry of the CLI's bundle (scripts/build-bundle.mjs, run by src/cli/load-bundle.ts): the CLI
// as src/cli/start.ts runs it.
export { start } from "./start.js";
