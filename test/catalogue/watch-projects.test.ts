// `generate --watch` with a config of two projects watches both catalogues: an edit in the second
// project's catalogue regenerates its output (before, only the first project's folder was watched).
// The real CLI process, real files.
import { spawn } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCatalogue, freshDir, repoRoot } from "../helpers/generate.js";

describe("generate --watch with projects", () => {
  it("watches every project's catalogue and regenerates the one edited", async () => {
    const dir = await freshDir("watch-projects");
    await cp(fixtureCatalogue("server-features"), join(dir, "shop-api"), { recursive: true });
    await cp(fixtureCatalogue("paths-auth"), join(dir, "files-api"), { recursive: true });
    await writeFile(
      join(dir, "catalogen.config.json"),
      JSON.stringify({ projects: [{ catalogue: "shop-api", out: "gen/shop", targets: ["openapi"] }, { catalogue: "files-api", out: "gen/files", targets: ["openapi"] }] }),
    );
    const files = (await import("node:fs/promises")).readdir;
    const yamlFile = (await files(join(dir, "files-api"))).find((name) => name.endsWith(".yaml") && name !== "api.yaml")!;
    const original = await readFile(join(dir, "files-api", yamlFile), "utf8");
    const summary = /summary: (.+)/.exec(original)![1]!;

    const child = spawn(process.execPath, [join(repoRoot, "bin/catalogen.js"), "generate", "--watch"], { cwd: dir });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));
    const waitFor = async (pattern: RegExp, count = 1) => {
      const deadline = Date.now() + 20_000;
      while ((out.match(new RegExp(pattern, "g")) ?? []).length < count) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}\nstdout:\n${out}\nstderr:\n${err}`);
        await new Promise((wait) => setTimeout(wait, 50));
      }
    };
    try {
      await waitFor(/watching shop-api and files-api and catalogen\.config\.json; Ctrl-C stops/);
      expect(await readFile(join(dir, "gen/files/openapi.json"), "utf8")).toContain(JSON.stringify(summary.replace(/^"|"$/g, "")));
      await writeFile(join(dir, "files-api", yamlFile), original.replace(`summary: ${summary}`, "summary: Edited while watching"));
      await waitFor(new RegExp(`changed files-api/${yamlFile.replace(".", "\\.")}`));
      await waitFor(/gen\/files: \d+ written/, 2);
      expect(await readFile(join(dir, "gen/files/openapi.json"), "utf8")).toContain('"Edited while watching"');
      expect(err).toBe("");
    } finally {
      child.kill("SIGINT");
      expect(await exited).toBe(0);
    }
  }, 40_000);
});
