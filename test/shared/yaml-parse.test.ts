// parseYamlDocument: the document parseDocument makes, with process.env put back afterwards (it
// is a plain copy while the parser runs, see src/shared/yaml-parse.ts).
import { LineCounter, parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { parseYamlDocument } from "../../src/shared/yaml-parse.js";

const text = "module:\n  id: items\noperations:\n  - id: getItem # note\n    method: GET\n    path: /items/{id}\n  - &a { id: x, n: 0x1F, f: .inf, b: yes }\n  - *a\n";

describe("parseYamlDocument", () => {
  it("gives parseDocument's document: data, positions, comments", () => {
    const [ours, theirs] = [new LineCounter(), new LineCounter()];
    const a = parseYamlDocument(text, { lineCounter: ours, prettyErrors: false, uniqueKeys: true });
    const b = parseDocument(text, { lineCounter: theirs, prettyErrors: false, uniqueKeys: true });
    expect(a.toJS()).toEqual(b.toJS());
    expect(a.toString()).toBe(b.toString());
    expect(ours.lineStarts).toEqual(theirs.lineStarts);
    expect(a.contents?.range).toEqual(b.contents?.range);
  });

  it("reports errors as parseDocument does", () => {
    const broken = "a: [1, 2\nb: }\n";
    const a = parseYamlDocument(broken, { prettyErrors: false });
    const b = parseDocument(broken, { prettyErrors: false });
    expect(a.errors.map((error) => [error.code, error.pos])).toEqual(b.errors.map((error) => [error.code, error.pos]));
    expect(a.errors.length).toBeGreaterThan(0);
  });

  it("puts process.env back, also when the parse throws", () => {
    const env = process.env;
    parseYamlDocument(text, {});
    expect(process.env).toBe(env);
    expect(() => parseYamlDocument(text, { customTags: () => { throw new Error("boom"); } })).toThrow("boom");
    expect(process.env).toBe(env);
  });

  it("lets the parser see the environment's values", () => {
    let seen: string | undefined;
    process.env.CATALOGEN_YAML_PARSE_TEST = "on";
    try {
      parseYamlDocument("a: 1\n", { customTags: (tags) => ((seen = process.env.CATALOGEN_YAML_PARSE_TEST), tags) });
    } finally {
      delete process.env.CATALOGEN_YAML_PARSE_TEST;
    }
    expect(seen).toBe("on");
  });
});
