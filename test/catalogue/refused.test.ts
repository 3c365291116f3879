// Catalogues that used to crash catalogen (stack traces, no position) or to generate broken code:
// each is now refused with file:line:col, exit code 1 and nothing written.
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES, MAX_TYPE_NESTING } from "../../src/load/limits.js";
import { generateInto, type RefusalCase, runCli, writeCatalogue } from "./support.js";

const MODULE = "module: { id: shop, title: Shop, area: Things }\n";

function nestedItems(depth: number): string {
  let type = "{ type: string }";
  for (let i = 0; i < depth; i++) type = `{ type: array, items: ${type} }`;
  return type;
}

const CASES: RefusalCase[] = [
  {
    name: "an alias to no anchor",
    files: { "shop.yaml": `${MODULE}operations:\n  - { id: listThings, method: GET, path: /things, summary: *x }\n` },
    errors: [["shop.yaml:3:60", "alias *x names no anchor before it"]],
  },
  {
    name: "an alias bomb",
    files: {
      "shop.yaml": `${MODULE}x:
  a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
`,
    },
    errors: [["shop.yaml:6:38", "aliases in this file expand to more than 10000 values"]],
  },
  {
    name: "an alias inside its own anchor",
    files: { "shop.yaml": `${MODULE}types:\n  Loop: &loop { type: array, items: *loop }\n` },
    errors: [["shop.yaml:3:37", "alias *loop lies inside the value it names"]],
  },
  {
    name: "types that are only each other, with an example (no stack overflow)",
    files: {
      "shop.yaml": `${MODULE}types:
  Left: { ref: Right }
  Right: { type: union, oneOf: [{ ref: Left }, { type: string }] }
  Self: { ref: Self }
operations:
  - id: getThing
    method: GET
    path: /thing
    summary: One thing
    responses:
      "200":
        content:
          application/json: { schema: { ref: Left }, example: 5 }
`,
    },
    errors: [
      ["shop.yaml:3:3", 'type "Left" is only itself: Left -> Right -> Left never reaches a value'],
      ["shop.yaml:4:3", 'type "Right" is only itself: Right -> Left -> Right never reaches a value'],
      ["shop.yaml:5:3", 'type "Self" is only itself: Self -> Self never reaches a value'],
    ],
  },
  {
    name: `a type nested ${MAX_TYPE_NESTING + 44} levels deep inline`,
    files: { "shop.yaml": `${MODULE}types:\n  Deep: ${nestedItems(MAX_TYPE_NESTING + 44)}\n` },
    errors: [["shop.yaml:3:", `this type is nested more than ${MAX_TYPE_NESTING} levels deep`]],
  },
  {
    name: "a type nested deeper than the YAML parser's stack",
    files: { "shop.yaml": `${MODULE}types:\n  Deep: ${nestedItems(5000)}\n` },
    errors: [["shop.yaml:3:", "nests mappings and lists too deeply"]],
  },
  {
    name: "static . and .. path segments",
    files: {
      "shop.yaml": `${MODULE}operations:
  - { id: upThings, method: GET, path: /files/../admin, summary: Up }
  - { id: hereThings, method: GET, path: /files/./x, summary: Here }
`,
    },
    errors: [
      ["shop.yaml:3:40", 'path segment ".." would be removed from the URL before it is sent'],
      ["shop.yaml:4:42", 'path segment "." would be removed from the URL before it is sent'],
    ],
  },
  {
    // A trailing slash is a path of its own (test/import/trailing-slash.test.ts); an empty segment before it is not.
    name: "an empty path segment before the last",
    files: {
      "shop.yaml": `${MODULE}operations:
  - { id: listThings, method: GET, path: /things/, summary: Trailing slash (accepted) }
  - { id: getThing, method: GET, path: //things, summary: Empty first }
  - { id: getOther, method: GET, path: /things//x/, summary: Empty middle }
`,
    },
    errors: [
      ["shop.yaml:4:", 'path "//things" has an empty segment'],
      ["shop.yaml:5:", 'path "/things//x/" has an empty segment'],
    ],
  },
  {
    name: "a __proto__ parameter",
    files: {
      "shop.yaml": `${MODULE}operations:
  - { id: getThing, method: GET, path: "/things/{__proto__}", summary: One }
  - id: listThings
    method: GET
    path: /things
    summary: List
    parameters: [{ name: __proto__, in: query }]
`,
    },
    errors: [
      ["shop.yaml:3:40", 'path parameter "{__proto__}" cannot be passed in a JavaScript object'],
      ["shop.yaml:8:26", 'query parameter "__proto__" cannot be passed in a JavaScript object'],
    ],
  },
  {
    name: "schema and semantic problems of one file, in one run",
    files: {
      "shop.yaml": `${MODULE}operations:
  - { id: listThings, method: FETCH, path: /things, summary: List }
  - { id: listStock, method: GET, path: /stock, summary: Stock, tokens: [robot] }
  - { id: listStock, method: GET, path: /stock2, summary: Again }
`,
    },
    errors: [
      ["shop.yaml:3:31", '"FETCH" is not allowed for "method"'],
      ["shop.yaml:4:74", 'unknown token kind "robot"'],
      ["shop.yaml:5:11", 'operation id "listStock" is already used at'],
    ],
  },
  {
    // The api section is refused by the schema, so its schemes are not known: an operation's
    // security is not reported as naming schemes no one declared (a cascade of the one mistake).
    name: "an api section the schema refuses, and operations that name its schemes",
    files: {
      "api.yaml": `api:
  title: Test API
  auth:
    header: Authorization
    tokenKinds: [{ id: personal, description: Personal token }]
    schemes: [{ id: basicAuth, type: http, scheme: basic }]
  limitGroups:
    - { id: reads, scope: seller, period: 1 minute, limit: 100 }
`,
      "shop.yaml": `${MODULE}operations:
  - { id: listThings, method: GET, path: /things, summary: List, security: [[basicAuth]] }
`,
    },
    errors: [
      ["api.yaml:8:7", 'missing field "burst"'],
      ["api.yaml:8:7", 'missing field "interval"'],
    ],
  },
];

describe.each(CASES)("a catalogue with $name", ({ files, errors }) => {
  it("is refused with every error located, exit code 1, and nothing written", async () => {
    const catalogue = await writeCatalogue(files);
    const run = await generateInto(catalogue);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.errors.map(([at]) => at.replace(/:\d+$/, ""))).toEqual(errors.map(([at]) => at.replace(/:\d*$/, "")));
    errors.forEach(([at, message], i) => {
      expect(run.errors[i]![0]).toMatch(new RegExp(`^${at.replace(/\./g, "\\.")}`));
      expect(run.errors[i]![1]).toContain(message);
    });
    expect(run.code).toBe(1);
    expect(run.written).toBe(false);
  });
});

describe("files and folders", () => {
  it("a missing catalogue folder is one line, exit 1", async () => {
    const catalogue = await writeCatalogue({});
    const run = await runCli(["generate", "--catalogue", "nope", "--out", "out"], catalogue);
    expect(run.stderr).toMatch(/(^|\/)nope: error: cannot read the catalogue folder: not found\n  hint: run `npx catalogen init` to write a starter catalogue there, or name another folder with --catalogue DIR\n$/);
    expect(run.code).toBe(1);
    const validate = await runCli(["validate", "--catalogue", "api.yaml"], catalogue);
    expect(validate.stderr).toMatch(/(^|\/)api\.yaml: error: cannot read the catalogue folder: not a folder\n$/);
    expect(validate.code).toBe(1);
  });

  it("a catalogue file that is a symbolic link inside the folder is followed; one leading out, or nowhere, is refused", async () => {
    const module = `${MODULE}operations:\n  - { id: listThings, method: GET, path: /things, summary: List }\n`;
    const elsewhere = await writeCatalogue({ "shop.yaml": module });
    const catalogue = await writeCatalogue({});
    await mkdir(join(catalogue, "parts"));
    await writeFile(join(catalogue, "parts/shop.yml"), module);
    await symlink("parts/shop.yml", join(catalogue, "shop.yaml"));
    const valid = await runCli(["validate", "--catalogue", "."], catalogue);
    expect(valid.stdout).toContain("1 operations in 1 module");
    expect(valid.code).toBe(0);
    await symlink(join(elsewhere, "shop.yaml"), join(catalogue, "other.yaml"));
    const outside = await generateInto(catalogue);
    expect(outside.stderr).toMatch(/(^|\/)other\.yaml: error: leads outside the catalogue folder .* through a symbolic link\n/);
    expect(outside.code).toBe(1);
    expect(outside.written).toBe(false);
    await rm(join(catalogue, "other.yaml"));
    await symlink(join(elsewhere, "gone.yaml"), join(catalogue, "gone.yaml"));
    const run = await generateInto(catalogue);
    expect(run.stderr).toMatch(/(^|\/)gone\.yaml: error: cannot read the catalogue file \(a symbolic link\): not found\n$/);
    expect(run.code).toBe(1);
    expect(run.written).toBe(false);
  });

  it(`a file over ${MAX_FILE_BYTES / 1024 / 1024} MiB (a 5 MB summary) is refused at once`, async () => {
    const catalogue = await writeCatalogue({
      "shop.yaml": `${MODULE}operations:\n  - { id: listThings, method: GET, path: /things, summary: ${"x".repeat(5_000_000)} }\n`,
    });
    // Refused before parsing: the test's timeout is the bound (a parse of 5 MB would not fail it
    // alone, but the error's position 1:1 says the file was never parsed).
    const run = await generateInto(catalogue);
    expect(run.errors).toEqual([["shop.yaml:1:1", "the file is 4.8 MiB, more than the 4.0 MiB a catalogue file may hold"]]);
    expect(run.code).toBe(1);
  });

  it("a summary longer than the schema allows is refused with its position", async () => {
    const catalogue = await writeCatalogue({
      "shop.yaml": `${MODULE}operations:\n  - { id: listThings, method: GET, path: /things, summary: ${"x".repeat(2_000)} }\n`,
    });
    const run = await generateInto(catalogue);
    expect(run.errors).toEqual([["shop.yaml:3:60", '"summary" must NOT have more than 1000 characters']]);
  });

  it("prints the first 100 of 40,000 problems and counts the rest", async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `  - { id: op${i}, method: FETCH, path: /op${i}, summary: "" }`);
    const catalogue = await writeCatalogue({ "shop.yaml": `${MODULE}operations:\n${lines.join("\n")}\n` });
    const run = await generateInto(catalogue);
    expect(run.errors).toHaveLength(100);
    expect(run.stderr).toMatch(/\n\n\.\.\. and 39900 more errors not shown\n\nThe catalogue has 40000 errors\.\n$/);
    expect(run.code).toBe(1);
  }, 60_000);
});

describe("colour", () => {
  const broken = { "shop.yaml": `${MODULE}operations:\n  - { id: listThings, method: FETCH, path: /things, summary: List }\n` };

  it("FORCE_COLOR colours the report, NO_COLOR wins over it, none by default off a terminal", async () => {
    const catalogue = await writeCatalogue(broken);
    const saved = { NO_COLOR: process.env.NO_COLOR, FORCE_COLOR: process.env.FORCE_COLOR };
    try {
      delete process.env.NO_COLOR;
      delete process.env.FORCE_COLOR;
      expect((await runCli(["validate", "--catalogue", "."], catalogue)).stderr).not.toContain("\u001b[");
      process.env.FORCE_COLOR = "1";
      const coloured = await runCli(["validate", "--catalogue", "."], catalogue);
      expect(coloured.stderr).toContain("\u001b[31merror:\u001b[0m");
      process.env.NO_COLOR = "1";
      expect((await runCli(["validate", "--catalogue", "."], catalogue)).stderr).not.toContain("\u001b[");
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

