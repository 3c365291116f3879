// `catalogen mock` on a catalogue with servers says which hosts it stands in for, and serves their
// operations on its own address (run `npm run build` first, as for the other CLI tests).
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { fixtureCatalogue, freshDir, repoRoot } from "../helpers/generate.js";

test("the mock names the servers it stands in for", async () => {
  const dir = await freshDir("mock-servers");
  await writeFile(join(dir, "tokens.txt"), "secret-personal=seller-1:personal\n");
  const bin = join(repoRoot, "bin/catalogen.js");
  const child = spawn(process.execPath, [bin, "mock", "--catalogue", fixtureCatalogue("servers"), "--tokens", "tokens.txt", "--port", "0"], { cwd: dir });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    const deadline = Date.now() + 60_000;
    while (!out.includes("stands in for") && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
    const url = /operations on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(out).toContain(
      "catalogen mock: stands in for https://api.example.com/v2 (production), https://sandbox.example.com/v2 (sandbox), " +
        `https://uploads.example.com, https://reports.example.com (production); give the client baseUrl: "${url}"\n`,
    );
    expect((await fetch(`${url}/things`, { headers: { authorization: "secret-personal" } })).status).toBe(200);
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
});
