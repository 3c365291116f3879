// The staging thread's worker (stage-thread.ts): creates each staging file it is given, in order,
// exactly as staging.ts does on the main thread (exclusive create, so nothing already there, a
// planted link included, is written through; removed again when its write fails), and sends back
// each file's size, mtime and inode, read from the open file before it is closed, for the stat records.
// After a failure it creates nothing more: the run is stopped and every file it made is removed.
// Node's own modules only, so the worker starts in a few milliseconds.
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, rmSync, writeFileSync } from "node:fs";
import { parentPort, type MessagePort } from "node:worker_threads";

/** From the main thread: files to create, `[staging path, text, whether to hash it]`, or a request to report once all before it are done. */
export type ToStager = { files: [temporary: string, text: string, hash: boolean][] } | { settle: true };

/**
 * To the main thread: files created (`[staging path, size, mtime in ns, inode, sha256 of the
 * bytes when asked, else ""]`) and the first failure, or that all so far are done.
 */
export type FromStager = { created: [temporary: string, size: number, mtimeNs: string, ino: string, sha256: string][]; failed?: [temporary: string, message: string] } | { settled: true };

function create(temporary: string, text: string, hash: boolean): [string, number, string, string, string] {
  const fd = openSync(temporary, "wx");
  try {
    const bytes = Buffer.from(text);
    writeFileSync(fd, bytes);
    const stats = fstatSync(fd, { bigint: true });
    closeSync(fd);
    return [temporary, Number(stats.size), String(stats.mtimeNs), String(stats.ino), hash ? createHash("sha256").update(bytes).digest("hex") : ""];
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true }); // created above, so ours to remove
    throw error;
  }
}

/** Answers the main thread's messages until the worker is stopped; after a failure it creates nothing more. */
function serve(port: MessagePort): void {
  let failed = false;
  port.on("message", (message: ToStager) => {
    if ("settle" in message) return port.postMessage({ settled: true } satisfies FromStager);
    const created: [string, number, string, string, string][] = [];
    let failure: [string, string] | undefined;
    for (const [temporary, text, hash] of message.files) {
      if (failed) break;
      try {
        created.push(create(temporary, text, hash));
      } catch (error) {
        failed = true;
        failure = [temporary, (error as Error).message];
      }
    }
    port.postMessage({ created, ...(failure && { failed: failure }) } satisfies FromStager);
  });
}

if (parentPort !== null) serve(parentPort);
