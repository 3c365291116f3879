// Long-running commands (mock, mcp) stop on Ctrl-C or SIGTERM.

/** Resolves on Ctrl-C or SIGTERM. */
export function signalled(): Promise<void> {
  return new Promise<void>((done) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      done();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
