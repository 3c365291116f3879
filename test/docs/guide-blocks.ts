// The fenced code blocks of README.md and docs/*.md, with the `<!-- doc-test: ... -->` comments
// written just before each (blank lines between allowed), for test/docs/guide-blocks.test.ts and
// test/docs/run-blocks.test.ts. A block the tests cannot run says why where the reader sees it, in
// a quoted line just before it: `> Not run by the doc tests: REASON` (its `not-run` setting).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export interface GuideBlock {
  /** Page path relative to the repository, e.g. `docs/client.md`. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  text: string;
  /** `key=value` settings of the doc-test comments before the block (a bare word maps to ""); `not-run`: the reason a quoted line gives. */
  settings: Record<string, string>;
  /** Lines a `prelude:` comment adds before a TypeScript block (declarations the snippet assumes). */
  prelude: string[];
}

export async function guidePages(root: string): Promise<string[]> {
  const docs = (await readdir(join(root, "docs"))).filter((name) => name.endsWith(".md")).sort();
  return ["README.md", ...docs.map((name) => `docs/${name}`)];
}

export async function guideBlocks(root: string): Promise<GuideBlock[]> {
  const blocks: GuideBlock[] = [];
  for (const page of await guidePages(root)) blocks.push(...blocksOf(page, await readFile(join(root, page), "utf8")));
  return blocks;
}

export function blocksOf(page: string, markdown: string): GuideBlock[] {
  const lines = markdown.split("\n");
  const blocks: GuideBlock[] = [];
  let comments: string[] = [];
  let reason: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const fence = /^(`{3,})(\S*)\s*$/.exec(line);
    if (!fence) {
      const comment = /^<!--\s*doc-test:\s*([\s\S]*?)\s*-->$/.exec(line.trim());
      const notRun = /^> Not run by the doc tests: (.+)$/.exec(line.trim());
      if (comment?.[1] !== undefined) comments.push(comment[1]);
      else if (notRun?.[1] !== undefined) reason = notRun[1];
      else if (line.trim() !== "") {
        comments = [];
        reason = undefined;
      }
      continue;
    }
    const close = lines.findIndex((candidate, at) => at > index && candidate.startsWith(fence[1] ?? "```") && candidate.trim() === fence[1]);
    if (close === -1) throw new Error(`${page}:${index + 1}: a code block that is never closed`);
    const settings: Record<string, string> = {};
    const prelude: string[] = [];
    for (const comment of comments) {
      if (comment.startsWith("prelude:")) prelude.push(comment.slice("prelude:".length).trim());
      else for (const word of comment.split(/\s+/)) {
        const [key = "", ...value] = word.split("=");
        settings[key] = value.join("=");
      }
    }
    if (reason !== undefined) settings["not-run"] = reason;
    blocks.push({ page, line: index + 1, lang: fence[2] ?? "", text: lines.slice(index + 1, close).join("\n"), settings, prelude });
    comments = [];
    reason = undefined;
    index = close;
  }
  return blocks;
}

/** Splits one shell command line into words (quotes and `#` comments as sh reads them; no expansions). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word = (word ?? "") + char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= "";
    } else if (char === "#" && word === undefined) {
      break;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? "") + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The commands of a shell block (console blocks: the `$ ` lines), split at `&&`, `||`, `;` and `|`. */
export function shellCommands(block: GuideBlock): string[][] {
  const lines = block.lang === "console"
    ? block.text.split("\n").filter((line) => line.startsWith("$ ")).map((line) => line.slice(2))
    : block.text.split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  const commands: string[][] = [];
  for (const line of lines) {
    let current: string[] = [];
    for (const word of shellWords(line)) {
      if (["&&", "||", ";", "|"].includes(word)) {
        if (current.length > 0) commands.push(current);
        current = [];
      } else current.push(word);
    }
    if (current.length > 0) commands.push(current);
  }
  return commands;
}
