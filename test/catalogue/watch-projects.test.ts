// `generate --watch` with a config of two projects watches both catalogues: an edit in the second
// project's catalogue regenerates its output (before, only the first project's folder was watched).
// The real CLI process, real files.
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";
import { startWatch } from "./support.js";

describe("generate --watch with projects", () => {
  it("watches every project's catalogue and regenerates the one edited", async () => {
    const dir = await freshDir("watch-projects");
    await cp(fixtureCatalogue("server-features"), join(dir, "shop-api"), { recursive: true });
    await cp(fixtureCatalogue("paths-auth"), join(dir, "files-api"), { recursive: true });
    await writeFile(
      join(dir, "catalogen.config.json"),
      JSON.stringify({ projects: [{ catalogue: "shop-api", out: "gen/shop", targets: ["openapi"] }, { catalogue: "files-api", out: "gen/files", targets: ["openapi"] }] }),
    );
    const yamlFile = (await readdir(join(dir, "files-api"))).find((name) => name.endsWith(".yaml") && name !== "api.yaml")!;
    const original = await readFile(join(dir, "files-api", yamlFile), "utf8");
    const summary = /summary: (.+)/.exec(original)![1]!;

    const watcher = startWatch(dir);
    const { waitFor } = watcher;
    try {
      await waitFor(/watching shop-api and files-api and catalogen\.config\.json; Ctrl-C stops/);
      expect(await readFile(join(dir, "gen/files/openapi.json"), "utf8")).toContain(JSON.stringify(summary.replace(/^"|"$/g, "")));
      await writeFile(join(dir, "files-api", yamlFile), original.replace(`summary: ${summary}`, "summary: Edited while watching"));
      await waitFor(new RegExp(`changed files-api/${yamlFile.replace(".", "\\.")}`));
      await waitFor(/gen\/files: \d+ written/, 2);
      expect(await readFile(join(dir, "gen/files/openapi.json"), "utf8")).toContain('"Edited while watching"');
      expect(watcher.err()).toBe("");
    } finally {
      expect(await watcher.stop()).toBe(0);
    }
  }, 40_000);
});
