import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import ts from "typescript";
import {
  docComment,
  docCommentText,
  headerValue,
  htmlComment,
  identifier,
  jsonText,
  lineComment,
  templateLiteralText,
  markdownCode,
  markdownJsonBlock,
  markdownParagraphs,
  markdownText,
  stringLiteral,
} from "../../src/shared/sinks.js";
import { yamlText } from "../../src/shared/sinks-yaml.js";
import { markdownProblems, parseMarkdown, plainText, tables, walk } from "../docs/markdown-ast.js";

const HOSTILE = [
  "end */ of comment",
  "pipe | in | cell",
  "back `tick` and ``double``",
  "template ${injected} and {{handlebars}} and {{{triple}}}",
  "<script>alert(1)</script> <img src=x onerror=alert(1)>",
  "back\\slash \\| \\n and trailing\\",
  "line\nbreak\r\nand\rcarriage",
  "separator\u2028line\u2029para",
  `quotes " and ' and \``,
  "*em* _em_ **strong** ~~strike~~ $math$ [link](javascript:alert(1)) ![img](x) &amp; &#60; :smile:",
  "# heading",
  "- list item",
  "1. ordered",
  "> quote",
  "=== setext",
  "@param tag at start",
  "    indented code",
];

/** What a reader should see for inline text: one line, whitespace at the ends dropped, a run of spaces as one. */
const flat = (text: string): string =>
  text
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, " ")
    .replace(/[ \t]{2,}/g, " ")
    .trim();

describe("docCommentText", () => {
  it.each(HOSTILE)("keeps %j inside the comment", (text) => {
    const source = `/**\n${docCommentText(text)
      .split("\n")
      .map((line) => ` * ${line}`)
      .join("\n")}\n */\nexport const x = 1;\n`;
    const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.ES2022, true);
    // The comment holds it all: the only statement is the declaration, and its JSDoc is the whole comment.
    expect(file.statements).toHaveLength(1);
    const ranges = ts.getLeadingCommentRanges(source, 0) ?? [];
    expect(ranges).toHaveLength(1);
    expect(ranges[0]!.end).toBe(source.indexOf("\nexport const"));
    expect(source).not.toMatch(/^[^\n]*[\u2028\u2029\r]/m);
  });

  it("cannot start a JSDoc tag", () => {
    expect(docCommentText("@deprecated\n  @param x")).toBe("\\@deprecated\n  \\@param x");
  });
});

describe("stringLiteral", () => {
  it.each(HOSTILE)("round-trips %j as a TypeScript string", (text) => {
    const source = `export const x = ${stringLiteral(text)};\n`;
    const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.ES2022, true);
    const statement = file.statements[0] as ts.VariableStatement;
    const initializer = statement.declarationList.declarations[0]!.initializer!;
    expect(ts.isStringLiteral(initializer)).toBe(true);
    expect((initializer as ts.StringLiteral).text).toBe(text);
    expect(file.statements).toHaveLength(1);
  });
});

describe("markdownText", () => {
  it.each(HOSTILE)("shows %j literally in a paragraph", async (text) => {
    const markdown = `Before.\n\n${markdownText(text)}\n\nAfter.\n`;
    const root = await parseMarkdown(markdown);
    expect(root.children?.map((node) => node.type)).toEqual(["paragraph", "paragraph", "paragraph"]);
    const paragraph = root.children![1]!;
    expect([...walk(paragraph)].filter((node) => node.type !== "paragraph").map((node) => node.type)).toEqual(["text"]);
    expect(plainText(paragraph)).toBe(flat(text));
    expect(await markdownProblems(markdown)).toEqual([]);
  });

  it("writes HTML as entities, never as raw tags", () => {
    expect(markdownText("<script>")).toBe("&lt;script&gt;");
    expect(markdownText("a & b")).toBe("a &amp; b");
  });

  it("leaves no bare script URL scheme", () => {
    expect(markdownText("[x](JavaScript:alert(1)) vbscript:y")).not.toMatch(/(javascript|vbscript):/i);
  });

  it("escapes block markers only at the start", () => {
    expect(markdownText("# h")).toBe("\\# h");
    expect(markdownText("12. x")).toBe("12\\. x");
    expect(markdownText("a - b. c # d")).toBe("a - b. c # d");
  });

  it("escapes a trailing run of # after a space, which a heading would drop as its closing sequence", () => {
    expect(markdownText("Orders #")).toBe("Orders \\#");
    expect(markdownText("C ## ")).toBe("C \\##");
    expect(markdownText("C#")).toBe("C#");
    expect(markdownText("#")).toBe("\\#");
    expect(markdownText("# #")).toBe("\\# \\#");
  });

  it.each(["Orders #", "Title ###", "# #", "##", "a # b #", "C#", "x \\#"])("keeps %j whole as a heading", async (title) => {
    const root = await parseMarkdown(`## ${markdownText(title)}\n`);
    expect(root.children?.map((node) => [node.type, plainText(node)])).toEqual([["heading", title]]);
  });
});

describe("markdownText in a table cell", () => {
  it.each(HOSTILE)("keeps the row intact with %j", async (text) => {
    const markdown = `| a | b | c |\n| --- | --- | --- |\n| ${markdownText(text)} | middle | ${markdownText(text)} |\n`;
    expect(await markdownProblems(markdown)).toEqual([]);
    const [table] = tables(await parseMarkdown(markdown));
    expect(table).toEqual([
      ["a", "b", "c"],
      [flat(text), "middle", flat(text)],
    ]);
  });
});

describe("markdownParagraphs", () => {
  it("keeps paragraph breaks and nothing else", async () => {
    const text = "First <b>para</b>\nsame para.\n\n# Second | para\r\n\r\n- third";
    const root = await parseMarkdown(markdownParagraphs(text));
    expect(root.children?.map((node) => node.type)).toEqual(["paragraph", "paragraph", "paragraph"]);
    expect(root.children?.map(plainText)).toEqual(["First <b>para</b> same para.", "# Second | para", "- third"]);
  });
});

describe("markdownCode", () => {
  it.each(["/api/v1/{id}", "a`b", "``x``", "`edge`", "a|b"])("makes one code span of %j", async (text) => {
    const markdown = `| h |\n| --- |\n| ${markdownCode(text)} |\n`;
    expect(await markdownProblems(markdown)).toEqual([]);
    const root = await parseMarkdown(markdown);
    const codes = [...walk(root)].filter((node) => node.type === "inlineCode");
    expect(codes).toHaveLength(1);
    expect(codes[0]!.value).toBe(text);
  });
});

describe("markdownJsonBlock", () => {
  const values: unknown[] = [
    { summary: HOSTILE.join(" "), nested: ["```", "````", "<script>"], "key`|<>": null },
    "plain",
    [1, 2, { a: true }],
  ];
  it.each(values)("round-trips %j through a fenced block", async (value) => {
    const block = markdownJsonBlock(value);
    const root = await parseMarkdown(`${block}\n\nAfter.\n`);
    expect(root.children?.map((node) => node.type)).toEqual(["code", "paragraph"]);
    expect(JSON.parse(root.children![0]!.value!)).toEqual(value);
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
  });
});

// The sinks for code: what each gives, parsed back by TypeScript, holds the text as comment or data.
describe("the code sinks", () => {
  const code = (text: string): ts.SourceFile => ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true);
  const statements = (text: string): string[] => code(text).statements.map((s) => ts.SyntaxKind[s.kind]!);
  const hostile = HOSTILE.join(" ");

  it("docComment escapes every line itself: the text cannot close the comment", () => {
    for (const lines of [[hostile], ["a */ b();", "c\r\n@returns d"], [docCommentText(hostile)]]) {
      expect(statements(`${docComment(lines)}export type A = 1;\n`)).toEqual(["TypeAliasDeclaration"]);
    }
    expect(docComment(["x */ y"])).toBe(docComment([docCommentText("x */ y")])); // escaping twice changes nothing
  });

  it("lineComment and htmlComment keep the text on one line, inside the comment", () => {
    expect(statements(`${lineComment(`a\nalert(1)\r\u2028b\u2029c`)}\nexport type A = 1;\n`)).toEqual(["TypeAliasDeclaration"]);
    const html = htmlComment("x --> <script>alert(1)</script> --!> \n y");
    expect(html.match(/-->/g)).toHaveLength(1);
    expect(html.endsWith("-->")).toBe(true);
    expect(html).not.toMatch(/--!>|\n/);
  });

  it("templateLiteralText stays one template's text", () => {
    const literal = `\`${templateLiteralText("a ` b ${c} \\ ${")}\``;
    const [statement] = code(`const t = ${literal};`).statements as unknown as ts.VariableStatement[];
    const init = statement!.declarationList.declarations[0]!.initializer!;
    expect(ts.isNoSubstitutionTemplateLiteral(init)).toBe(true);
    expect((init as ts.NoSubstitutionTemplateLiteral).text).toBe("a ` b ${c} \\ ${");
  });

  it("identifier refuses what is not one; jsonText and yamlText round-trip", () => {
    expect(identifier("getThing")).toBe("getThing");
    expect(() => identifier("a-b")).toThrow(/not an identifier/);
    expect(() => identifier("x; alert(1)")).toThrow();
    const value = { [hostile]: [hostile, 1, null] };
    expect(JSON.parse(jsonText(value, 2))).toEqual(value);
    expect(jsonText(value)).not.toMatch(/[\u2028\u2029]/);
    expect(parseYaml(yamlText(value))).toEqual(value);
  });

  it("headerValue cannot split a header or make the send throw", () => {
    const value = headerValue("text/plain\r\nSet-Cookie: a=b\u0000 \u2028");
    expect(value).toBe("text/plain  Set-Cookie: a=b");
    expect(() => new Headers({ "content-type": value })).not.toThrow();
  });
});

describe("characters that are not text (issue 42, point 7)", () => {
  // NUL and the other C0 controls but tab and line feed, DEL, NEL, bidi embeddings, overrides and isolates.
  const raw = /[\u0000-\u0008\u000b-\u001f\u007f\u0085\u202a-\u202e\u2066-\u2069]/;
  const text = "a\u0000b\u0007c\u001bd\u007fe\u0085f\u202ag\u202eh\u2066i\u2069j\u000bk\u000cl\tm";

  it("no sink leaves one raw", () => {
    const outputs = [
      docComment([text]),
      docComment([text], { oneLine: true }),
      lineComment(text),
      htmlComment(text),
      stringLiteral(text),
      jsonText({ [text]: text }, 2),
      yamlText({ [text]: [text, { nested: text }] }),
      markdownText(text),
      markdownParagraphs(`${text}\n\n${text}`),
      markdownCode(text),
      markdownJsonBlock({ [text]: text }),
    ];
    for (const output of outputs) expect(output).not.toMatch(raw);
  });

  it("comments and Markdown show bidi controls as escapes; literals, JSON and YAML keep the value", () => {
    expect(docCommentText("x\u202ey\u0000")).toBe("x\\u202Ey\\u0000");
    expect(markdownText("x\u202ey")).toBe("x\\u202Ey");
    expect(markdownCode("x\u2066y")).toBe("`x\\u2066y`");
    expect(JSON.parse(stringLiteral(text))).toBe(text);
    expect(JSON.parse(jsonText({ [text]: text }))).toEqual({ [text]: text });
    expect(parseYaml(yamlText({ [text]: [text] }))).toEqual({ [text]: [text] });
    expect(JSON.parse(markdownJsonBlock(text).split("\n")[1]!)).toBe(text);
  });
});
