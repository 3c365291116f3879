// The TypeScript text builders: indentation by bracket depth, wrapping of long lists.
import { describe, expect, it } from "vitest";
import { docComment } from "../../src/shared/sinks.js";
import { importDeclaration, indentTs, parameterList, tsFile } from "../../src/emit/shared/ts-print.js";

describe("indentTs", () => {
  it("indents two spaces per open bracket; a line starting with closers sits at their depth", () => {
    expect(indentTs("export const a = {\nb: [\n1,\n],\nc: f(\nx,\n),\n};\n")).toBe(
      "export const a = {\n  b: [\n    1,\n  ],\n  c: f(\n    x,\n  ),\n};\n",
    );
    expect(indentTs("type T = {\na: string;\n} | {\nb: number;\n};\n")).toBe("type T = {\n  a: string;\n} | {\n  b: number;\n};\n");
  });

  it("does not count brackets in strings, comments or template literals", () => {
    const text = [
      "const a = {",
      'b: "{[(",',
      "c: '}',",
      "/** a } in a doc comment",
      "* and { another */",
      "d: 1, // a { here",
      "e: `x { ${1}",
      "  kept as it is }`,",
      "};",
      "",
    ].join("\n");
    expect(indentTs(text)).toBe(
      [
        "const a = {",
        '  b: "{[(",',
        "  c: '}',",
        "  /** a } in a doc comment",
        "   * and { another */",
        "  d: 1, // a { here",
        "  e: `x { ${1}",
        "  kept as it is }`,",
        "};",
        "",
      ].join("\n"),
    );
  });

  it("keeps one blank line between statements, none after an opening or before a closing bracket", () => {
    expect(indentTs("a;\n\n\n\nb {\n\nc;\n\n}\n")).toBe("a;\n\nb {\n  c;\n}\n");
  });

  it("indents one level for a line that opens several brackets, as in f({ or () => ([", () => {
    expect(indentTs("a: () => ([\n{ b: 1 },\n]),\nf({\nc: [\n1,\n],\n});\n")).toBe(
      "a: () => ([\n  { b: 1 },\n]),\nf({\n  c: [\n    1,\n  ],\n});\n",
    );
    expect(indentTs("x = g(1) + {\ny: 2,\n};\n")).toBe("x = g(1) + {\n  y: 2,\n};\n");
  });

  it("indents the line after one ending in = a level further", () => {
    expect(indentTs("type A =\nB;\n")).toBe("type A =\n  B;\n");
  });

  it("is idempotent", () => {
    const once = indentTs("f(a, {\nb: [\n1,\n],\n});\n");
    expect(indentTs(once)).toBe(once);
  });
});

describe("builders", () => {
  it("wraps an import one name a line only when it is longer than 100 characters", () => {
    expect(importDeclaration(["a", "type B"], "./x.js")).toBe('import { a, type B } from "./x.js";');
    const names = Array.from({ length: 12 }, (_, i) => `SomeLongTypeName${i}`);
    const wrapped = importDeclaration(names, "../types.js", true);
    expect(wrapped.split("\n")).toHaveLength(names.length + 2);
    expect(tsFile([wrapped], [])).toContain('\n  SomeLongTypeName0,\n');
  });

  it("wraps parameters one a line when the signature would be too long", () => {
    expect(parameterList(["a: A"], "export function f", ": void {")).toBe("(a: A)");
    expect(parameterList(["transport: Transport", "args: AVeryLongArgumentsTypeName", "callOptions?: CallOptions"], "export function aVeryLongOperationName", ": Promise<unknown> {")).toBe(
      "(\ntransport: Transport,\nargs: AVeryLongArgumentsTypeName,\ncallOptions?: CallOptions,\n)",
    );
  });

  it("writes a one-line doc comment on one line, more as a block", () => {
    expect(docComment(["One."])).toBe("/** One. */\n");
    expect(docComment(["One.\n\nTwo."])).toBe("/**\n * One.\n *\n * Two.\n */\n");
    expect(docComment([])).toBe("");
  });
});
