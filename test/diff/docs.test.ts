// Runs every command of docs/diff.md's shell blocks, as written, in a project whose catalogue is
// committed on main and then changed: a token kind dropped, which breaks a client.
import { execFile } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { blocksOf, shellCommands } from "../docs/guide-blocks.js";
import { generate } from "../../src/pipeline.js";
import type { DiffReport } from "../../src/diff/types.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { shop } from "./pairs.js";

const exec = promisify(execFile);
const git = (cwd: string, ...args: string[]) => exec("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd });

it("every command of docs/diff.md runs", { timeout: 300_000 }, async () => {
  const root = await freshDir("diff-docs");
  await cp(shop, join(root, "catalogue"), { recursive: true });
  await cp(join(repoRoot, "test/diff/fixtures/consumer"), join(root, "app"), { recursive: true });
  await writeFile(join(root, "package.json"), JSON.stringify({ name: "shop", private: true, catalogen: { catalogue: "catalogue", out: "app/generated" } }));
  await generate({ catalogue: join(root, "catalogue"), out: join(root, "app/generated"), targets: ["client"] });
  await git(root, "init", "-q", "-b", "main");
  await git(root, "add", ".");
  await git(root, "commit", "-qm", "shop");
  const file = join(root, "catalogue/shop.yaml");
  await writeFile(file, (await readFile(file, "utf8")).replace("  - id: streamEvents", "  - id: listEvents"));

  const blocks = blocksOf("docs/diff.md", await readFile(join(repoRoot, "docs/diff.md"), "utf8")).filter((block) => block.lang === "sh");
  expect(blocks.length).toBeGreaterThan(0);
  const codes: number[] = [];
  for (const block of blocks) {
    expect(block.settings["run-by"]).toBe("test/diff/docs.test.ts");
    for (const words of shellCommands(block)) {
      expect(words.slice(0, 2)).toEqual(["npx", "catalogen"]);
      const redirect = words.indexOf(">");
      const args = words.slice(2, redirect === -1 ? undefined : redirect);
      const ran = await exec(process.execPath, [join(repoRoot, "bin/catalogen.js"), ...args], { cwd: root }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(ran.stderr).toBe("");
      codes.push(ran.code);
      if (redirect !== -1) await writeFile(join(root, words[redirect + 1]!), ran.stdout);
      else expect(ran.stdout).toContain("Breaking for clients");
    }
  }
  expect(codes).toEqual([1, 0, 0]);
  expect(await readFile(join(root, "api-changes.md"), "utf8")).toContain("- `listEvents` (`GET /events`): the operation streamEvents is now called listEvents");
  const impact = JSON.parse(await readFile(join(root, "api-impact.json"), "utf8")) as DiffReport;
  expect(impact.consumers![0]!.broken.map((site) => `${site.file}:${site.line} ${site.operation} ${site.rule}`)).toEqual(["app/src/writes.ts:17 streamEvents operation-id-changed"]);
});
