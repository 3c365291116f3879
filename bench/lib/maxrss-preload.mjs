// Loaded into every measured Node process (NODE_OPTIONS=--import): at exit, appends this process's
// peak resident memory (KiB) to the file named by CATALOGEN_BENCH_RSS_FILE. A tool that starts more
// Node processes gets one line per process; the harness reports the largest.
import { appendFileSync } from "node:fs";

const file = process.env.CATALOGEN_BENCH_RSS_FILE;
if (file) {
  process.on("exit", () => {
    try {
      appendFileSync(file, `${process.resourceUsage().maxRSS}\n`);
    } catch {
      // a measurement must never change the measured program's outcome
    }
  });
}
