// Links on the docs' pages (src/emit/docs/markdown.ts `link`): the target is percent-encoded so
// that it cannot end the link early, an escape it holds already stays one escape, and no target
// makes the docs throw.
import { describe, expect, test } from "vitest";
import { link, text } from "../../src/emit/docs/markdown.js";
import { parseMarkdown, plainText, walk } from "./markdown-ast.js";

describe("link", () => {
  test.each([
    ["https://example.com/terms", "https://example.com/terms"],
    ["https://example.com/a b", "https://example.com/a%20b"],
    ["https://example.com/a%20b", "https://example.com/a%20b"], // was %2520
    ["https://example.com/100%25", "https://example.com/100%25"],
    ["https://example.com/100%", "https://example.com/100%25"],
    ["https://example.com/%zz", "https://example.com/%25zz"],
    ["https://example.com/x)(y", "https://example.com/x%29%28y"],
    ["https://example.com/ü?q=ä", "https://example.com/%C3%BC?q=%C3%A4"],
    ["https://example.com/\uD800x", "https://example.com/%EF%BF%BDx"], // a lone surrogate
    ["mailto:team@example.com", "mailto:team@example.com"],
  ])("%s links to %s", async (target, href) => {
    const markdown = link(text("label"), target);
    expect(markdown).toBe(`[label](${href})`);
    // A renderer reads one link, to that target, whatever the target held.
    const links = [...walk(await parseMarkdown(`${markdown}\n`))].filter((node) => node.type === "link");
    expect(links.map((node) => [node.url, plainText(node)])).toEqual([[href, "label"]]);
  });
});

