#!/usr/bin/env node
// Runs the compiled CLI (`npm ci` builds it through the `prepare` script).
import { main } from "../dist/cli/main.js";

// `catalogen list | head` closes the pipe early: that is not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
