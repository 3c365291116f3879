// Which `pattern`s can make a backtracking engine (every JavaScript runtime's RegExp, Ajv's, zod's)
// take exponential time: a repetition inside another repetition whose end is ambiguous, so that
// one text splits into its iterations in exponentially many ways (`(a+)+$`, `(\w+\s?)*$`), or a
// repeated alternation whose branches can start alike (`(a|ab)*$`). The check reads the pattern's
// structure: for each repetition inside a repetition it compares the characters the inner one can
// go on with against those that can come next (the rest of the outer body, or its next round).
// `^[a-z]+(-[a-z]+)*$` passes: after `[a-z]+` only `-` or the end can come. Repetitions one level
// deep (`\d+\d+$`) are at worst polynomial and pass. See docs/security.md.

/** A set of characters, as the probe characters it holds (bit i: PROBES[i]). */
type Chars = bigint;

/** ASCII and a few others (Latin-1, symbols, CJK, an astral character, a line separator). */
const PROBES: readonly string[] = [...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)), "é", "ß", "\u00a0", "€", "\u2028", "字", "😀"];
const ALL: Chars = (1n << BigInt(PROBES.length)) - 1n;

type Node =
  | { kind: "chars"; chars: Chars; source: string }
  | { kind: "empty" } // an anchor, a word boundary, a lookaround (its body is checked apart)
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; branches: Node[]; source: string }
  | { kind: "repeat"; body: Node; min: number; max: number; source: string };

/** Why `pattern` (already known to compile with the u flag) can backtrack catastrophically; undefined when it cannot. */
export function backtrackingProblem(pattern: string): string | undefined {
  let tree: Node;
  try {
    tree = new Reader(pattern).alternatives(pattern.length);
  } catch (error) {
    if (error instanceof Unsafe) return error.message;
    return undefined; // a construct this reader does not know: left to the engine
  }
  return check(tree, 0n, 0);
}

function nullable(node: Node): boolean {
  if (node.kind === "chars") return false;
  if (node.kind === "empty") return true;
  if (node.kind === "seq") return node.items.every(nullable);
  if (node.kind === "alt") return node.branches.some(nullable);
  return node.min === 0 || nullable(node.body);
}

/** The characters `node` can start with. */
function first(node: Node): Chars {
  if (node.kind === "chars") return node.chars;
  if (node.kind === "empty") return 0n;
  if (node.kind === "alt") return node.branches.reduce((all, branch) => all | first(branch), 0n);
  if (node.kind === "repeat") return first(node.body);
  let chars = 0n;
  for (const item of node.items) {
    chars |= first(item);
    if (!nullable(item)) break;
  }
  return chars;
}

/** The first problem inside `node`, given the characters that can follow it and how many repetitions enclose it. */
function check(node: Node, follow: Chars, repeats: number): string | undefined {
  if (node.kind === "seq") {
    let after = follow;
    const follows: Chars[] = [];
    for (let i = node.items.length - 1; i >= 0; i--) {
      follows[i] = after;
      after = nullable(node.items[i]!) ? after | first(node.items[i]!) : first(node.items[i]!);
    }
    for (let i = 0; i < node.items.length; i++) {
      const problem = check(node.items[i]!, follows[i]!, repeats);
      if (problem) return problem;
    }
    return undefined;
  }
  if (node.kind === "alt") {
    if (repeats > 0) {
      let seen = 0n;
      for (const branch of node.branches) {
        if (first(branch) & seen) return `the alternatives of ${node.source} can start with the same character, inside a repetition`;
        seen |= first(branch);
      }
    }
    for (const branch of node.branches) {
      const problem = check(branch, follow, repeats);
      if (problem) return problem;
    }
    return undefined;
  }
  if (node.kind !== "repeat" || node.max <= 1) return node.kind === "repeat" ? check(node.body, follow, repeats) : undefined;
  // After a round of the body: another round, or what follows the repetition.
  const next = first(node.body) | follow;
  // A fixed count (`{4}`) has no choice of where it stops.
  if (repeats > 0 && node.min < node.max && first(node.body) & follow) return `${node.source} sits inside another repetition and where it stops is ambiguous`;
  return check(node.body, next, repeats + 1);
}

/** Reads the common syntax of a u-flag pattern into nodes; throws on what it does not know. */
class Reader {
  at = 0;
  constructor(readonly text: string) {}

  alternatives(end: number): Node {
    const start = this.at;
    const branches: Node[] = [this.sequence()];
    while (this.text[this.at] === "|") {
      this.at++;
      branches.push(this.sequence());
    }
    if (this.at > end) throw new Error("overran");
    return branches.length === 1 ? branches[0]! : { kind: "alt", branches, source: this.text.slice(start, this.at) };
  }

  sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.text.length && this.text[this.at] !== "|" && this.text[this.at] !== ")") {
      const start = this.at;
      const atom = this.atom();
      items.push(this.quantified(atom, start));
    }
    return { kind: "seq", items };
  }

  quantified(atom: Node, start: number): Node {
    const rest = this.text.slice(this.at);
    const match = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/.exec(rest);
    if (!match) return atom;
    this.at += match[0].length;
    const [min, max] = match[1] === "*" ? [0, Infinity] : match[1] === "+" ? [1, Infinity] : match[1] === "?" ? [0, 1] : [Number(match[2]), match[3] === undefined ? Number(match[2]) : match[4] === "" ? Infinity : Number(match[4])];
    return { kind: "repeat", body: atom, min: min!, max: max!, source: this.text.slice(start, this.at) };
  }

  atom(): Node {
    const c = this.text[this.at]!;
    if (c === "^" || c === "$") {
      this.at++;
      return { kind: "empty" };
    }
    if (c === "(") {
      this.at++;
      const head = /^\?(?:<?[=!]|:|<[A-Za-z_$][\w$]*>)?/.exec(this.text.slice(this.at))?.[0] ?? "";
      this.at += head.length;
      const body = this.alternatives(this.text.length);
      if (this.text[this.at] !== ")") throw new Error("unclosed group");
      this.at++;
      // A lookaround matches no character: its body is checked on its own.
      if (/^\?<?[=!]/.test(head)) {
        const problem = check(body, 0n, 0);
        if (problem) throw new Unsafe(problem);
        return { kind: "empty" };
      }
      return body;
    }
    const start = this.at;
    if (c === "[") {
      for (this.at++; this.text[this.at] !== "]"; this.at++) if (this.text[this.at] === "\\") this.at++;
      this.at++;
    } else if (c === "\\") {
      const escape = /^\\(?:[pP]\{[^}]*\}|u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|c[A-Za-z]|k<[^>]*>|\d+|.)/su.exec(this.text.slice(this.at))![0];
      this.at += escape.length;
      if (escape === "\\b" || escape === "\\B") return { kind: "empty" };
    } else this.at += c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) < 0xdc00 ? 2 : 1;
    const source = this.text.slice(start, this.at);
    return { kind: "chars", chars: charsOf(source), source };
  }
}

/** A lookaround's body that is unsafe on its own. */
class Unsafe extends Error {}

/** The probes one atom (a character, a class, an escape, `.`) matches; every probe when it cannot be compiled alone (a back reference). */
function charsOf(source: string): Chars {
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${source})$`, "u");
  } catch {
    return ALL;
  }
  let chars = 0n;
  PROBES.forEach((probe, i) => {
    if (regex.test(probe)) chars |= 1n << BigInt(i);
  });
  // A character no probe stands for: a bit of its own (two such characters may share one, which only errs towards refusing).
  return chars === 0n ? 1n << BigInt(PROBES.length + (source.codePointAt(0)! % 64)) : chars;
}
