// The fast path of the catalogue loader (src/load/fast-yaml.ts) reads a file's data without a YAML
// document. Differential: on every YAML file of the repository, a bench catalogue, a table of
// tricky snippets (each in LF, CRLF and with a BOM) and mutated catalogue files, it gives exactly
// what `parseDocument(text).toJS()` gives (same key order, same number or string) with the same
// operation ranges and line starts as the full path, or it declines. And it is taken on real
// catalogue files, so it cannot silently always decline.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { inspect, isDeepStrictEqual } from "node:util";
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { writeBenchCatalogue } from "../../bench/lib/catalogues.js";
import { readYamlFast, type FastYaml } from "../../src/load/fast-yaml.js";
import { simpleLines } from "../../src/load/fast-yaml-scan.js";
import { MAX_NESTING } from "../../src/load/limits.js";
import { parseCatalogueDocument, parseCatalogueFile } from "../../src/load/parse-file.js";
import { repoRoot } from "../helpers/generate.js";
import { tempDir } from "../helpers/temp.js";

/** Every difference shows: key order, 1 against "1", NaN, -0. */
const show = (value: unknown): string => inspect(value, { depth: Infinity, maxArrayLength: Infinity, maxStringLength: Infinity, breakLength: Infinity });

/** "fast" when the fast path took the text (then checked against the yaml package's document and the full path), else "declined". Throws on any disagreement. */
function compare(text: string, label: string): "fast" | "declined" {
  const fast = readYamlFast(text);
  if (!fast) return "declined";
  agrees(fast, text, label);
  return "fast";
}

function agrees(fast: FastYaml, text: string, label: string): void {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  expect(document.errors.map((error) => error.message), `${label}: the fast path read a text the yaml package refuses`).toEqual([]);
  const expected = document.toJS({ maxAliasCount: -1 }) as unknown;
  expect(show(fast.data), label).toBe(show(expected));
  expect(isDeepStrictEqual(fast.data, expected), label).toBe(true);
  // What the load record may keep: JSON gives the data back as it is (no NaN, ±Infinity, -0).
  expect(fast.jsonSafe, `${label}: jsonSafe`).toBe(isDeepStrictEqual(JSON.parse(JSON.stringify(expected)), expected));
  const full = parseCatalogueDocument(label, label, text);
  expect(full.problems, label).toEqual([]);
  expect(fast.operationRanges, `${label}: operation ranges`).toEqual(full.operationRanges);
  expect(fast.lineCounter.lineStarts, `${label}: line starts`).toEqual(full.lineCounter.lineStarts);
}

function yamlFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...yamlFiles(path));
    else if (/\.ya?ml$/.test(name)) found.push(path);
  }
  return found.sort();
}

const variants = (text: string): [string, string][] => [
  ["lf", text],
  ["crlf", text.replace(/\n/g, "\r\n")],
  ["bom", `\uFEFF${text}`],
];

const scalars = [
  // null, bool, int, float in every core-schema form, and look-alikes that stay strings
  "~", "null", "Null", "NULL", "nULL", "", "true", "True", "TRUE", "tRUE", "false", "False", "FALSE",
  "yes", "no", "on", "off", "y", "n", "Y", "N",
  "0", "-0", "+12", "007", "0o17", "0o8", "0O17", "0x1F", "0xff", "0X1F", "0xg", "1_000", "12345678901234567890", "-12",
  "1.5", "-1.5", ".5", "1.", "-.5", "+.5", "1e3", "1E-3", "+1.0e+3", "-2.5E10", "1.0", "-0.0", "0.10", "1e", "e3",
  ".inf", "-.Inf", "+.INF", ".Inf", "-.inf", ".nan", ".NaN", ".NAN", ".NAn", "inf", "nan",
  "1.2.3", "0.1.0", "2024-01-01", "2001-12-14t21:59:43.10-05:00", "12:30", "1:20", "-", "--", "---x", "a-b",
  "foo # comment", "foo#bar", "http://example.com/a?b=1#frag", "a: b", "x:y", "{x}", "/api/{id}/x",
  "'single'", "'it''s'", "''", '""', '"dq \\t \\u00e9 \\x41 \\n \\" \\\\ \\/"', '"\\U0001F600"', "'#not comment'", '"# not comment"',
  "unicode é ü ß ключ 日本 😀", "trailing spaces   ", "'  padded  '", "%percent", "@at", "`tick", "| pipe", "> gt", "!bang", "&amp", "*star", "? q",
];

const blocks = [
  "k: |\n  a\n  b\n",
  "k: |-\n  a\n  b\n\n\n",
  "k: |+\n  a\n  b\n\n\n",
  "k: >\n  a\n  b\n\n  c\n    indented\n  d\n",
  "k: >-\n  a\n  b\n\n",
  "k: >+\n  a\n  b\n\n",
  "k: |2\n    two extra\n  base\n",
  "k: |1-\n   x\n",
  "k: >2+\n    x\n  y\n\n",
  "k: | # a comment\n  text\n",
  "k: |\n\n  leading blank\n",
  "k: |\n  last line without newline",
  "k: |\n",
  "k: >\n",
  "a:\n  k: |\n    nested\n      more\n  after: 1\n",
  "list:\n  - |\n    item text\n  - >-\n    folded\n    item\n",
  "k: |\n  a\n b\n",
  "k: |0\n  x\n",
  "k: |\n  \ttab inside\n",
];

const structures = [
  "# head\n\n# more\na: 1 # after\n# between\nb:\n  # inside\n  c: 2\n\n  d: 3 # end\n# tail\n",
  "a:\n  - 1\n  # c\n  - 2\n  -\n  - # only comment\n  -   spaced\nb: x\n",
  "a:\n- 1\n- 2\nb: 3\n",
  "a:\n  - x: 1\n    y: 2\n  - z: 3\n",
  "# head\n\n# more\na: 1\n# between\nb:\n  c: 2\n\n  # inside\n  d: 3\n",
  "y: 1\non: 2\nnull: 3\n1: 4\ntrue: 5\n1.5: 6\n0x10: 7\n.inf: 8\nNo: 10\n.nan: 11\n\"q\": 12\n",
  "a: first\n  second\n\n  third\nb: 1\n",
  "a: 'one\n  two\n\n  three'\nb: \"one\n  two\\\n  three\n\n  four\"\n",
  "a:\nb: # c\nc:",
  "y: 1\non: 2\nnull: 3\n1: 4\ntrue: 5\n1.5: 6\n0x10: 7\n.inf: 8\n-.5: 9\nNo: 10\n.nan: 11\n",
  "null: 1\n~: 2\n",
  "1: 1\n1.0: 2\n",
  "__proto__: 1\nconstructor: 2\ntoString: 3\nhasOwnProperty: 4\n",
  "'quoted key': 1\n\"dq key\": 2\nключ: 3\n😀: 4\n'': 5\n",
  "a: 1\n  # indented comment\nb: 2\n",
  "a:\n    deep: 1\n    deeper:\n          x: 2\n",
  "a: [1, 2]\n",
  "a: {b: 1}\n",
  "a: []\nb: {}\n",
  "a: [ x, 'y', \"z\" , 1, .5, null, ~, true ]   # after\nb: { ref: Thing, n: 0x1F, 'q': \"v\" }\nc: [ ]\nd: { }\n",
  "list:\n  - [a, b]\n  - { k: v }\n  - values: { x: 1, y: 2 }\n",
  "a: [a, b,]\n",
  "a: [, a]\n",
  "a: [a b]\n",
  "a: [a, [b]]\n",
  "a: {a: 1, a: 2}\n",
  "a: {a: 1, b}\n",
  "a: {a:1}\n",
  "a: [a: 1]\n",
  "a: [a,\n  b]\n",
  "a: { a: 1 # c\n }\n",
  "a: [a]# c\n",
  "a: [a]b\n",
  "a: [a\n",
  "a: {a: 1]\n",
  "a: [\ta]\n",
  "operations: [a, b]\n",
  "- [a]\n",
  "a: &x 1\nb: *x\n",
  "a: !!str 1\n",
  "%YAML 1.2\n---\na: 1\n",
  "---\na: 1\n",
  "a: 1\n---\nb: 2\n",
  "a: 1\n...\n",
  "a: 1\na: 2\n",
  "1: a\n'1': b\n",
  "? a\n: b\n",
  ": a\n",
  "a\n",
  "a: 1\n b: 2\n",
  "a:\n  b: 1\n c: 2\n",
  "a: b: c\n",
  "a:\tb\n",
  "a:\n\t- 1\n",
  "- 1\n- 2\n",
  "plain text\n",
  "",
  "# only a comment\n",
  "a: 'unclosed\n",
  'a: "unclosed\n',
  "a: 1 #c\nb: 2#c\n",
  "a:#c\n",
  "- a\nb: 1\n",
  "a:\n  - b\n  c: 1\n",
  `${"k".repeat(1100)}: long key\n`,
  "operations:\n  - id: a\n    n: 1\n\n  # between\n  - id: b\n    text: |\n      block\n\n  - plain\n  -\n  - id: c # trailing\n\n# after\nother: 1\n",
  "module: m\noperations:\n- id: a\n- id: b\n  x: [1]\n",
  "operations: []\n",
  "operations:\n",
  "operations: 1\n",
  "\"operations\":\n  - id: q\n",
  "<<: 1\n",
  // block structure as the fast reader sees it
  "a:\n  - x\n  -\n  - y\nb:\n- 1\n-\nc:\n",
  "a:\n  -\n    - a\n    - b\n  -\n    k: v\n  - k: v\n    l: w\n",
  "a:\n-   k: 1\n    l: 2\n-  m: 3\n",
  "a:\n  b: 1\n   c: 2\n",
  "a:\n   b: 1\n  c: 2\n",
  "a:\n- k: 1\n   l: 2\n",
  "a:\n- k: 1\n l: 2\n",
  "a:\n- b\n  - c\n",
  "a:\n  - b\n - c\n",
  "a: 1\n  - b\n",
  "a:\n  - b\n  c: 1\n",
  "a:\n- b\nc: 1\n- d\n",
  "a:   \nb: 1\nc:   ",
  "a: value   # comment\nb: value#not\nc: 'q' # c\n",
  "a:\n- - x\n",
  "a:\n- ? x\n",
  "a:\n- &x b\n",
  "a:\n-\tb\n",
  "a: 1\n   \n\nb: 2\n  \n",
  "  a: 1\n  b: 2\n",
  "a:\n  b: 1",
  "a:\n  b:",
  "\"a\": 1\n'b': 2\n\"c d\":\n  - \"x\"\n  - 'y'\n",
  "a: \"x\\\"",
  "a: 'x''",
  "a:\n  b: 1\n\n  c: 2\n\n\nd:\n\n  - 1\n\n  - 2\n\n",
  "operations:\n- a\n-\n- k: v\n  j: w\n-\n  x: 1\n",
  "operations:\n  -\n    id: a\n\n  - id: b\n",
  "operations:\n  - id: a\n    n:\n  - id: b\n    m:   \n",
  "operations:\n  - id: a\n    q:\n      x: 1\n\n  - id: b\n    q:\n      - 1\n\n\n",
  "operations:\n  - id: a\n    tokens:\n    - x\n    - y\n  - id: b\nmodule: m\n",
  "operations:\n- id: a\n  q:\n    x: 1\n    y:\n- id: b",
  "operations: x\n",
  "operations:\n  x: 1\n",
  "module: m\noperations:\n",
  // comment lines and flow collections
  "a:\n  s:\n    t: 1\n    i: x\n  # c\n  e: 2\n  f:\n    g: 1\n    # deep\n  h: 1\n  k:\n    l: 1\n# top\n  m: 1\n",
  "a:\n- x\n# c\n- y\n  # d\n- z\nb: 1\n  # after\n",
  "a:\n  # before nested\n  b: 1\n",
  "a:\n  s:\n    t: 1\n  # c\n  e: 2\n# top\n  m: 1\n\n# z\nz: 1\n",
  "a:\n- x\n# c\n- y\n  # d\n  - z\nb: 1\n",
  "operations:\n  - id: a\n    q:\n      x: 1\n  # c\n  - id: b\n# m\nm: 1\n",
  "a:\n  b: 1\n  # c\n\n  # d\n\nc: 2\n",
  "operations:\n  - id: a\n    q:\n      x: 1\n    # c\n  - id: b\n  # c\n  - id: c\n    r: 1\n      # deeper\n",
  "operations:\n  - id: a\n    q:\n      x: 1\n  # c\n  - id: b\n# end\n",
  "a: [ x, 'y', \"z\" , 1, .5, null, ~, true ]   # after\nb: { ref: Thing, n: 0x1F, 'q': \"v\" }\nc: [ ]\nd: { }\ne: []\n",
  "operations:\n  - id: a\n    tokens: [x, y]\n    q: { ref: T }\n  - [a, b]\n  - { k: v }\n",
  "a: [a,b]\nb: {a: 1,b: 2}\nc: [a ,b]\n",
  "a: [a]b\n",
  "a: {a: }\n",
  "a: {: a}\n",
  "a: [a, {b: 1}]\n",
  "a: {\"k\":v}\n",
  "a: {k: v, k: w}\n",
  "a: [-, :, a:b]\n",
];

describe("fast YAML path: equal to the yaml package's document or declined", () => {
  it("agrees on every scalar form, as a value, a list item and a key (LF, CRLF, BOM)", () => {
    let taken = 0;
    for (const scalar of scalars) {
      for (const shape of [`v: ${scalar}\n`, `list:\n  - ${scalar}\n  - x\n`, `${scalar}: v\nz: 1\n`, `v: ${scalar}`]) {
        for (const [variant, text] of variants(shape)) if (compare(text, `${JSON.stringify(shape)} (${variant})`) !== "declined") taken++;
      }
    }
    expect(taken).toBeGreaterThan(scalars.length * 2);
  });

  it("declines block scalars with every chomping and indentation indicator (the full path reads them)", () => {
    const taken = blocks.flatMap((block) => variants(block).map(([variant, text]) => compare(text, `${JSON.stringify(block)} (${variant})`)));
    expect(taken.filter((result) => result !== "declined")).toEqual([]);
  });

  it("agrees on comments, empty values, multi-line scalars, odd keys and operation ranges, and declines what it does not read", () => {
    const results = new Map<string, string>();
    for (const structure of structures) {
      for (const [variant, text] of variants(structure)) {
        const result = compare(text, `${JSON.stringify(structure)} (${variant})`);
        if (variant === "lf") results.set(structure, result);
      }
    }
    // Taken: comment lines the Parser gives to the next key or item, empty values, lists at their key's column, odd keys, operation ranges.
    const taken = [
      "# head\n\n# more\na: 1\n# between\nb:\n  c: 2\n\n  # inside\n  d: 3\n",
      "a:\n- 1\n- 2\nb: 3\n",
      "y: 1\non: 2\nnull: 3\n1: 4\ntrue: 5\n1.5: 6\n0x10: 7\n.inf: 8\nNo: 10\n.nan: 11\n\"q\": 12\n",
      "__proto__: 1\nconstructor: 2\ntoString: 3\nhasOwnProperty: 4\n",
      "a:\n  s:\n    t: 1\n  # c\n  e: 2\n# top\n  m: 1\n\n# z\nz: 1\n",
      "operations:\n  - id: a\n    q:\n      x: 1\n  # c\n  - id: b\n# m\nm: 1\n",
      "operations:\n- a\n-\n- k: v\n  j: w\n-\n  x: 1\n",
    ];
    for (const text of taken) expect(results.get(text), text).toBe("fast");
    // Declined: what the scan does not cut (flow collections, comments after values, block scalars, quoting with escapes, CR, a BOM) and what the reader refuses.
    for (const declined of ["a: [1, 2]\n", "a: {b: 1}\n", "a: value   # comment\nb: value#not\nc: 'q' # c\n", "'quoted key': 1\n\"dq key\": 2\nключ: 3\n😀: 4\n'': 5\n", "a: [a, b,]\n", "a: [a, [b]]\n", "a: {a: 1, a: 2}\n", "a: [a,\n  b]\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "%YAML 1.2\n---\na: 1\n", "---\na: 1\n", "a: 1\n---\nb: 2\n", "a: 1\na: 2\n", "1: a\n'1': b\n", "null: 1\n~: 2\n", "1: 1\n1.0: 2\n", "? a\n: b\n", "a: b: c\n", "a:\tb\n", "", "a: 'unclosed\n"]) {
      expect(results.get(declined), declined).toBe("declined");
    }
  });

  it("declines deep nesting, and the full path still refuses what is too deep", () => {
    const nested = (depth: number): string => Array.from({ length: depth }, (_, level) => `${"  ".repeat(level)}k:`).join("\n") + " 1\n";
    expect(compare(nested(20), "20 deep")).toBe("fast");
    expect(readYamlFast(nested(300))).toBeUndefined();
    const text = nested(MAX_NESTING + 2);
    const tooDeep = parseCatalogueFile("deep.yaml", "deep.yaml", text).problems;
    expect(tooDeep.map((problem) => problem.message)[0]).toMatch(/^the file nests mappings and lists (more than \d+ deep|too deeply to be read)$/);
    // Where the composer's stack runs out depends on the stack already in use: the message, not the line, is compared.
    expect(tooDeep.map((problem) => problem.message)).toEqual(parseCatalogueDocument("deep.yaml", "deep.yaml", text).problems.map((problem) => problem.message));
  });

  it("keeps every diagnostic of a file it declines (a duplicate key)", () => {
    const file = parseCatalogueFile("dup.yaml", "dup.yaml", "module:\n  id: a\n  id: b\n");
    expect(file.problems.map(({ line, column, message }) => ({ line, column, message }))).toEqual([{ line: 3, column: 3, message: "YAML syntax error: Map keys must be unique" }]);
  });

  it("agrees on every YAML file of the repository's catalogue and tests, and is taken on the catalogue's files but the one with flow collections", () => {
    const files = [...yamlFiles(join(repoRoot, "catalogue")), ...yamlFiles(join(repoRoot, "test"))];
    const results = files.map((path) => [relative(repoRoot, path), compare(readFileSync(path, "utf8"), path)] as const);
    const catalogue = results.filter(([path]) => path.startsWith("catalogue/"));
    expect(catalogue.filter(([, result]) => result === "declined").map(([path]) => path)).toEqual(["catalogue/supplies.yaml"]);
    expect(results.length).toBeGreaterThan(40);
  });

  it("agrees on a bench catalogue and is taken on all its synthetic module files", async () => {
    const dir = await tempDir("fast-yaml-bench");
    writeBenchCatalogue(join(repoRoot, "catalogue"), 400, dir);
    const names = readdirSync(dir).sort();
    const results = names.map((name) => [name, compare(readFileSync(join(dir, name), "utf8"), name)] as const);
    // The synthetic modules (written by yaml's stringify) are all taken, all but the supplies module's copies (flow collections).
    expect(results.filter(([name, result]) => /_t\d+\.yaml$/.test(name) && !/^supplies/.test(name) && result !== "fast")).toEqual([]);
    expect(names.filter((name) => /_t\d+\.yaml$/.test(name) && !/^supplies/.test(name) && simpleLines(readFileSync(join(dir, name), "utf8")) === undefined)).toEqual([]);
    expect(results.filter(([name, result]) => !/^supplies/.test(name) && result === "declined")).toEqual([]);
    // What the loader keeps: the fast path's result through parseCatalogueFile, with the document parsed again on demand.
    const items = readFileSync(join(dir, names.find((name) => /_t0001\.yaml$/.test(name))!), "utf8");
    const file = parseCatalogueFile("x.yaml", "x.yaml", items);
    expect(file.problems).toEqual([]);
    expect(file.document.errors).toEqual([]);
    expect(show(file.data)).toBe(show(file.document.toJS()));
  });

  it("agrees or declines on catalogue files with lines moved (indented, dropped, doubled, comment and blank lines put in)", async () => {
    const bench = await tempDir("fast-yaml-lines");
    writeBenchCatalogue(join(repoRoot, "catalogue"), 190, bench);
    const synthetic = readdirSync(bench).find((name) => /_t\d+\.yaml$/.test(name))!;
    const sources = [readFileSync(join(bench, synthetic), "utf8"), readFileSync(join(repoRoot, "catalogue", "supplies.yaml"), "utf8"), readFileSync(join(repoRoot, "catalogue", "items.yaml"), "utf8")].map((text) =>
      text.split("\n").slice(0, 120),
    );
    let seed = 4;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const taken = { fast: 0, declined: 0 };
    for (let round = 0; round < 600; round++) {
      const lines = [...sources[round % sources.length]!];
      for (let edit = 0; edit <= random(3); edit++) {
        const at = random(lines.length);
        const line = lines[at]!;
        const indent = line.length - line.trimStart().length;
        switch (random(6)) {
          case 0:
            lines[at] = " ".repeat(random(3) + 1) + line;
            break;
          case 1:
            lines[at] = line.slice(Math.min(indent, random(3) + 1));
            break;
          case 2:
            lines.splice(at, 1);
            break;
          case 3:
            lines.splice(at, 0, line);
            break;
          case 4:
            lines.splice(at, 0, `${" ".repeat(random(12))}# note`);
            break;
          default:
            lines.splice(at, 0, " ".repeat(random(4)));
        }
      }
      taken[compare(lines.join("\n"), `line edit ${round}`)]++;
    }
    expect(taken.fast).toBeGreaterThan(100);
    expect(taken.declined).toBeGreaterThan(0);
  });

  it("agrees or declines on mutated catalogue files (characters dropped, doubled, replaced)", async () => {
    const bench = await tempDir("fast-yaml-mutations");
    writeBenchCatalogue(join(repoRoot, "catalogue"), 190, bench);
    const synthetic = readdirSync(bench).find((name) => /_t\d+\.yaml$/.test(name))!;
    const supplies = readFileSync(join(repoRoot, "catalogue", "supplies.yaml"), "utf8");
    const flow = supplies.indexOf("enum: [");
    const sources = [
      ...["items.yaml", "api.yaml", "orders_dbs.yaml"].map((name) => readFileSync(join(repoRoot, "catalogue", name), "utf8").slice(0, 3000)),
      supplies.slice(Math.max(0, flow - 1500), flow + 1500), // flow lists and maps
      readFileSync(join(bench, synthetic), "utf8").slice(0, 3000), // as yaml's stringify writes
    ];
    const inserts = [" ", "\t", ":", "-", "#", "'", '"', "\n", "  ", "|", ">", "&a", "*a", "!", "[", "{", "? ", "%", ",", "\r"];
    let seed = 26;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const taken = { fast: 0, declined: 0 };
    for (let round = 0; round < 600; round++) {
      const source = sources[round % sources.length]!;
      const at = random(source.length);
      const mutation = round % 3;
      const text =
        mutation === 0 ? source.slice(0, at) + source.slice(at + 1) : mutation === 1 ? source.slice(0, at) + source.charAt(at) + source.slice(at) : source.slice(0, at) + inserts[random(inserts.length)]! + source.slice(at + 1);
      taken[compare(text, `mutation ${round} at ${at}`)]++;
    }
    expect(taken.fast).toBeGreaterThan(100);
    expect(taken.declined).toBeGreaterThan(0);
  });
});
