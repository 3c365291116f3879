// The entry of the worker that runs a one-shot `generate` or `import` (src/cli/start.ts): the CLI
// from the bundle when the main thread runs from it (src/cli/code-cache.ts), else from dist/.
import { workerData } from "node:worker_threads";
import type { StartData } from "./worker-choice.js";

const data = (workerData as { catalogenCli: StartData }).catalogenCli;
if (data.bundle !== undefined) {
  const { loadCliBundle } = await import("./code-cache.js");
  const bundle = await loadCliBundle(data.bundle, data.argv);
  let ranTargets = false;
  await bundle.cli.runHere(data, () => (ranTargets = true));
  bundle.save(ranTargets);
} else await (await import("./start.js")).runHere(data);
