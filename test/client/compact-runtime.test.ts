// The runtime `compact` copies (src/emit/client/compact-runtime.ts): every shipped client and shared
// template without comments and blank lines, and otherwise the same code: the same tokens, each
// after a line break exactly where it was (so automatic semicolon insertion reads it as before).
import { ts } from "ts-morph";
import { expect, test } from "vitest";
import { compactRuntimeFile, compactRuntimeModule, compactRuntimeNow, withoutComments } from "../../src/emit/client/compact-runtime.js";
import { sharedTemplateFiles, templateFiles } from "../../src/emit/shared/templates.js";

/** Each token's kind and text, and whether a line break (in a comment too) comes before it. */
function tokens(text: string): string[] {
  const file = ts.createSourceFile("t.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const walk = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren();
    if (children.length > 0) {
      for (const child of children) walk(child);
      return;
    }
    if (node.kind === ts.SyntaxKind.SyntaxList) return;
    // Before the first token, a line break means nothing.
    const broken = out.length > 0 && text.slice(node.pos, node.getStart()).includes("\n");
    out.push(`${ts.SyntaxKind[node.kind]} ${broken ? "\\n" : ""}${node.getText()}`);
  };
  walk(file);
  return out;
}

function comments(text: string): string[] {
  const found: string[] = [];
  const file = ts.createSourceFile("t.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    for (const range of [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(ts.getTrailingCommentRanges(text, node.end) ?? [])]) {
      found.push(text.slice(range.pos, range.end));
    }
    node.getChildren().forEach(visit);
  };
  visit(file);
  return found;
}

test("every shipped runtime file: the same tokens and line breaks, no comment, no blank line, much smaller", () => {
  const compact = compactRuntimeNow(ts);
  const sources = [...templateFiles("client"), ...sharedTemplateFiles("client")];
  expect(Object.keys(compact).sort()).toEqual(sources.map((file) => file.path).sort());
  let before = 0;
  let after = 0;
  for (const file of sources) {
    const text = compact[file.path] ?? "";
    expect(tokens(text), file.path).toEqual(tokens(file.content));
    expect(comments(text), file.path).toEqual([]);
    expect(text, file.path).not.toMatch(/\n[ \t]*\n/);
    expect(text.endsWith("\n") && !text.startsWith("\n"), file.path).toBe(true);
    before += file.content.length;
    after += text.length;
  }
  expect(after).toBeLessThan(before * 0.7);
});

test("strings, regular expressions and templates that look like comments stay; line breaks that matter stay; annotations tools read stay by their token", () => {
  const source = [
    "// file comment",
    'const url = "http://a/*b*/"; /* trailing */ const re = /\\/\\/x/g;',
    "const t = `a // ${/* in */ 1} /* b */`;",
    "function f(): number {",
    "  return /* no break */ 1 +",
    "    // between",
    "    2;",
    "}",
    "let a = 1",
    "/* a comment",
    "   that breaks the line */ a++",
    "",
    "",
    "// @ts-expect-error: kept, the compiler reads it",
    "const n: number = 'x';",
    "/** doc */",
    "export { f, n, re, t, url };",
    "export const made = /* @__PURE__ */ Object.freeze({}); /*! license */",
    "export function g() {",
    "  return (",
    "    // a reason",
    "    /* @__PURE__ */ Object.create(null)",
    "  );",
    "}",
    "",
  ].join("\n");
  const out = withoutComments(ts, source);
  expect(out).toBe(
    [
      'const url = "http://a/*b*/"; const re = /\\/\\/x/g;',
      "const t = `a // ${ 1} /* b */`;",
      "function f(): number {",
      "  return 1 +",
      "    2;",
      "}",
      "let a = 1",
      "a++",
      "// @ts-expect-error: kept, the compiler reads it",
      "const n: number = 'x';",
      "export { f, n, re, t, url };",
      "export const made = /* @__PURE__ */ Object.freeze({});",
      "/*! license */ export function g() {",
      "  return (",
      "    /* @__PURE__ */ Object.create(null)",
      "  );",
      "}",
      "",
    ].join("\n"),
  );
  expect(tokens(out)).toEqual(tokens(source));
});

test("the build's module holds each file's compact text with its template's hash; a changed template is made again", () => {
  const module = { exports: {} as Record<string, { source: string; text: string }> };
  new Function("module", compactRuntimeModule(ts))(module);
  const compact = compactRuntimeNow(ts);
  for (const [path, entry] of Object.entries(module.exports)) expect(entry.text, path).toBe(compact[path]);
  // From src/ no build module is found: each file is made here, and a template edited since (as a
  // dist/ built without scripts/build-compact-runtime.mjs would see it) is never served stale.
  const edited = { path: "client/runtime/clock.ts", content: "/** edited */\nexport const edited = 1;\n" };
  expect(compactRuntimeFile(edited).content).toBe("export const edited = 1;\n");
  const clock = templateFiles("client").find((file) => file.path === "client/runtime/clock.ts");
  expect(clock && compactRuntimeFile(clock).content).toBe(compact["client/runtime/clock.ts"]);
});
