// `generate --check` on stale output says what changed in the API, from the openapi.json the
// output holds against the catalogue as it is now (src/diff/stale.ts).
import { execFile } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { shop } from "./pairs.js";

const exec = promisify(execFile);

async function catalogen(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  return exec(process.execPath, [join(repoRoot, "bin/catalogen.js"), ...args], { cwd }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

it("generate --check prints what changed in the API beside the stale files", { timeout: 300_000 }, async () => {
  const root = await freshDir("diff-stale");
  await cp(shop, join(root, "catalogue"), { recursive: true });
  expect((await catalogen(["generate"], root)).code).toBe(0);
  const file = join(root, "catalogue/shop.yaml");
  const original = await readFile(file, "utf8");

  // A change no consumer sees: stale files, no API findings.
  await writeFile(file, original.replace("summary: List orders", "summary: List the orders"));
  const wording = await catalogen(["generate", "--check"], root);
  expect(wording.code).toBe(1);
  expect(wording.stderr).toContain("stale:");
  expect(wording.stderr).not.toContain("what changed");

  await writeFile(file, original.replace("    tokens: [personal, service]\n    categories: [orders, all]", "    tokens: [personal]\n    categories: [orders, all]"));
  const { code, stderr } = await catalogen(["generate", "--check"], root);
  expect(code).toBe(1);
  expect(stderr).toMatch(/stale: +generated\/client\//);
  expect(stderr).toContain(
    "what changed since generated/openapi.json was generated: 1 breaking for clients, 0 for servers, 0 compatible, 0 informational\n" +
      "  breaking (client): listOrders: a service token may no longer call listOrders\n" +
      "run `npx catalogen generate` and commit the result",
  );
});
