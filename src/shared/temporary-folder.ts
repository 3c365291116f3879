// A temporary folder that is gone however its process ends short of SIGKILL: removed when `use`
// settles, and removed by a SIGINT/SIGTERM/SIGHUP that arrives meanwhile (which then ends the
// process as the signal would have). Node's default for these signals ends the process at once,
// skipping every `finally`, so without the handlers a Ctrl-C during start-up left the folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Makes `<tmpdir>/<prefix>XXXXXX`, runs `use` on it, removes it. */
export async function withTemporaryFolder<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  let dir: string | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    // The signal again, now with no handler of ours: the process ends as it would have.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const stop = () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    dir = mkdtempSync(join(tmpdir(), prefix)); // synchronous: no signal handler runs between making it and knowing it
    return await use(dir);
  } finally {
    stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}
