// The docs show the catalogue's servers: a table on the index (parsed as Markdown: a hostile
// description stays inside its cell), each module's servers, and an operation's where they differ
// from its module's. A catalogue without servers shows none of it (test/fixtures/.../client-http).
import { beforeAll, describe, expect, test } from "vitest";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { generate } from "../../src/pipeline.js";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { freshDir } from "../helpers/generate.js";
import { markdownProblems, parseMarkdown, tables } from "./markdown-ast.js";
import { readPages, section } from "./pages.js";

let pages: Map<string, string>;
beforeAll(async () => {
  pages = await readPages(await generateForTest({ targets: ["docs"], catalogue: fixtureCatalogue("servers") }));
});

describe("docs of a catalogue with servers", () => {
  test("the index has a table of servers, one row each, the description kept in its cell", async () => {
    const readme = pages.get("README.md")!;
    const [, servers] = tables(await parseMarkdown(readme));
    expect(servers).toEqual([
      ["Server", "URL", "Environment", "Description"],
      ["live", "https://api.example.com/v2", "production", "The live API"],
      ["sandbox", "https://sandbox.example.com/v2", "sandbox", "Test data only: nothing is shipped | billed"],
      ["uploads", "https://uploads.example.com", "every environment", "Uploads, in every environment"],
      ["reports-live", "https://reports.example.com", "production", "not documented"],
    ]);
    expect(section(readme, "Servers")).toContain("(default: production)");
  });

  test("a module's servers; an operation's own only where they differ", () => {
    const reports = pages.get("reports.md")!;
    expect(reports).toContain("Servers: `https://reports.example.com` (production), unless an operation names others.");
    expect(section(reports, "getReport")).not.toContain("**Servers:**");
    expect(section(reports, "reportStatus")).toContain("- **Servers:** `https://api.example.com/v2` (production), `https://sandbox.example.com/v2` (sandbox)");
    const things = pages.get("things.md")!;
    expect(section(things, "listThings")).not.toContain("**Servers:**");
    expect(section(things, "uploadThing")).toContain("- **Servers:** `https://uploads.example.com` (every environment)");
  });
});

test("a catalogue without servers: no servers anywhere, and nothing new is 'not documented'", async () => {
  const plain = await readPages(await generateForTest({ targets: ["docs"], catalogue: fixtureCatalogue("client-http") }));
  for (const [, text] of plain) {
    expect(text).not.toMatch(/Servers/);
    expect(text).not.toMatch(/not documented:[^\n]*server/i);
  }
});

test("hostile server text stays text: no HTML, no broken table, the URL as code", async () => {
  const catalogue = await freshDir("servers-hostile");
  await writeFile(
    join(catalogue, "api.yaml"),
    `api:
  title: Hostile
  auth: { header: Authorization, tokenKinds: [] }
  servers:
    - id: evil
      url: "https://h.example/a\`b|c"
      environment: production
      description: "<img src=x onerror=alert(1)> | [x](javascript:alert(1)) {{evil}}\\n# heading"
`,
  );
  await writeFile(join(catalogue, "shop.yaml"), "module: { id: shop, title: Shop, area: Things }\noperations:\n  - { id: listThings, method: GET, path: /things, summary: List }\n");
  const out = await freshDir("servers-hostile-out");
  await generate({ catalogue, out, targets: ["docs"] });
  const hostile = await readPages(out);
  for (const [name, page] of hostile) expect(await markdownProblems(page), name).toEqual([]);
  const [, servers] = tables(await parseMarkdown(hostile.get("README.md")!));
  expect(servers?.[1]).toEqual(["evil", "https://h.example/a`b|c", "production", "<img src=x onerror=alert(1)> | [x](javascript:alert(1)) {{evil}} # heading"]);
});
