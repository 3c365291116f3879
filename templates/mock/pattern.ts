// A made-up string that a type's `pattern` accepts. Reads the common part of the regular
// expression syntax: literals, escapes (\d \w \s and their negations, \t \n \xHH \uHHHH), classes
// with ranges and negation, `.`, groups (plain, non-capturing, named), alternation, quantifiers
// (? * + {n} {n,} {n,m}, lazy too) and anchors. A pattern using anything else (lookarounds, back
// references, \p{...}, \b) gets no text. Whatever is made is tested against the pattern itself
// (with the `u` flag, unanchored, as JSON Schema and the generated validators read it) before use.

type Piece =
  | { kind: "text"; choices: readonly [from: number, to: number][] }
  | { kind: "group"; options: Piece[][] }
  | { kind: "repeat"; piece: Piece; min: number; max: number };

/** Characters picked for `.`, `\w` and negated classes: plain letters and digits, then a few signs. */
const PLAIN: readonly [number, number][] = [
  [0x61, 0x7a],
  [0x41, 0x5a],
  [0x30, 0x39],
];
const ESCAPES: Record<string, readonly [number, number][]> = {
  d: [[0x30, 0x39]],
  w: [...PLAIN, [0x5f, 0x5f]],
  s: [[0x20, 0x20]],
  D: [[0x61, 0x7a]],
  W: [[0x2d, 0x2d]],
  S: [[0x61, 0x7a]],
};
const CONTROLS: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13, "0": 0 };
/** Unbounded quantifiers make at most this many more than their minimum. */
const SPREAD = 4;

class Unsupported extends Error {}

/** Each pattern read once (a catalogue has few; the mock makes values of them on every request). */
const READ = new Map<string, { regex: RegExp | undefined; tree: Piece[][] | undefined }>();
const MAX_READ = 1000;

function read(pattern: string): { regex: RegExp | undefined; tree: Piece[][] | undefined } {
  let found = READ.get(pattern);
  if (found === undefined) {
    found = { regex: undefined, tree: undefined };
    try {
      found.regex = new RegExp(pattern, "u");
      found.tree = new Reader(pattern).whole();
    } catch {
      // Left undefined: a pattern JavaScript cannot compile, or one this reader does not write.
    }
    if (READ.size >= MAX_READ) READ.clear();
    READ.set(pattern, found);
  }
  return found;
}

/** `pattern` compiled as the validators read it (u flag, unanchored); undefined when JavaScript cannot compile it. */
export function patternRegex(pattern: string): RegExp | undefined {
  return read(pattern).regex;
}

/** A string `pattern` accepts, within the lengths given; undefined when none is found. */
export function textMatching(pattern: string, random: () => number, lengths: { min?: number | undefined; max?: number | undefined } = {}): string | undefined {
  const { regex, tree } = read(pattern);
  if (regex === undefined || tree === undefined) return undefined;
  for (let attempt = 0; attempt < 12; attempt++) {
    // Later attempts stretch every unbounded repeat to the shortest length asked for.
    const floor = attempt >= 8 ? lengths.min : undefined;
    const text = write({ kind: "group", options: tree }, random, floor);
    const length = [...text].length;
    if ((lengths.min === undefined || length >= lengths.min) && (lengths.max === undefined || length <= lengths.max) && regex.test(text)) return text;
  }
  return undefined;
}

function write(piece: Piece, random: () => number, floor: number | undefined): string {
  const below = (count: number) => Math.floor(random() * count);
  switch (piece.kind) {
    case "text": {
      const [from, to] = piece.choices[below(piece.choices.length)]!;
      return String.fromCodePoint(from + below(to - from + 1));
    }
    case "group":
      return piece.options[below(piece.options.length)]!.map((part) => write(part, random, floor)).join("");
    case "repeat": {
      const count = floor !== undefined && piece.max === Infinity ? Math.max(piece.min, floor) : piece.min + below(Math.min(piece.max, piece.min + SPREAD) - piece.min + 1);
      return Array.from({ length: count }, () => write(piece.piece, random, floor)).join("");
    }
  }
}

class Reader {
  private at = 0;
  constructor(private readonly source: string) {}

  whole(): Piece[][] {
    const options = this.alternatives();
    if (this.at < this.source.length) throw new Unsupported();
    return options;
  }

  private alternatives(): Piece[][] {
    const options = [this.sequence()];
    while (this.source[this.at] === "|") {
      this.at += 1;
      options.push(this.sequence());
    }
    return options;
  }

  private sequence(): Piece[] {
    const pieces: Piece[] = [];
    while (this.at < this.source.length && this.source[this.at] !== "|" && this.source[this.at] !== ")") {
      const atom = this.atom();
      if (atom !== undefined) pieces.push(this.quantified(atom));
    }
    return pieces;
  }

  /** One atom; undefined for an anchor (it makes no text). */
  private atom(): Piece | undefined {
    const char = this.source[this.at]!;
    this.at += 1;
    switch (char) {
      case "^":
      case "$":
        return undefined;
      case ".":
        return { kind: "text", choices: PLAIN };
      case "(": {
        if (this.source.startsWith("?:", this.at)) this.at += 2;
        else if (/^\?<[A-Za-z_$][\w$]*>/.test(this.source.slice(this.at))) this.at = this.source.indexOf(">", this.at) + 1;
        else if (this.source[this.at] === "?") throw new Unsupported();
        const options = this.alternatives();
        if (this.source[this.at] !== ")") throw new Unsupported();
        this.at += 1;
        return { kind: "group", options };
      }
      case "[":
        return this.characterClass();
      case "\\":
        return { kind: "text", choices: this.escape(false) };
      case "*":
      case "+":
      case "?":
      case "{":
      case "}":
      case "]":
        throw new Unsupported();
      default: {
        const code = this.source.codePointAt(this.at - 1)!;
        if (code > 0xffff) this.at += 1;
        return { kind: "text", choices: [[code, code]] };
      }
    }
  }

  private quantified(piece: Piece): Piece {
    const rest = this.source.slice(this.at);
    const bounds = /^(?:\*|\+|\?|\{(\d+)(,(\d*))?\})/.exec(rest);
    if (!bounds) return piece;
    this.at += bounds[0].length;
    if (this.source[this.at] === "?") this.at += 1; // lazy: the same texts
    const [min, max] =
      bounds[0] === "*" ? [0, Infinity] : bounds[0] === "+" ? [1, Infinity] : bounds[0] === "?" ? [0, 1] : [Number(bounds[1]), bounds[2] === undefined ? Number(bounds[1]) : bounds[3] === "" ? Infinity : Number(bounds[3])];
    if (max < min || min > 1000) throw new Unsupported();
    return { kind: "repeat", piece, min, max };
  }

  private characterClass(): Piece {
    const negated = this.source[this.at] === "^";
    if (negated) this.at += 1;
    const ranges: [number, number][] = [];
    while (this.source[this.at] !== "]") {
      if (this.at >= this.source.length) throw new Unsupported();
      const from = this.classCharacter();
      if (this.source[this.at] === "-" && this.source[this.at + 1] !== "]" && from.length === 1 && from[0]![0] === from[0]![1]) {
        this.at += 1;
        const to = this.classCharacter();
        if (to.length !== 1 || to[0]![0] !== to[0]![1] || to[0]![0] < from[0]![0]) throw new Unsupported();
        ranges.push([from[0]![0], to[0]![0]]);
      } else ranges.push(...from);
    }
    this.at += 1;
    if (!negated) {
      if (ranges.length === 0) throw new Unsupported();
      return { kind: "text", choices: ranges };
    }
    const outside = [...PLAIN, [0x5f, 0x5f], [0x2d, 0x2d], [0x2e, 0x2e], [0x20, 0x20]].flatMap(([from, to]) => {
      const codes: [number, number][] = [];
      for (let code = from!; code <= to!; code++) if (!ranges.some(([low, high]) => code >= low && code <= high)) codes.push([code, code]);
      return codes;
    });
    if (outside.length === 0) throw new Unsupported();
    return { kind: "text", choices: outside };
  }

  private classCharacter(): [number, number][] {
    const char = this.source[this.at]!;
    this.at += 1;
    if (char === "\\") return this.escape(true);
    const code = this.source.codePointAt(this.at - 1)!;
    if (code > 0xffff) this.at += 1;
    return [[code, code]];
  }

  /** The characters an escape stands for (the backslash read already). */
  private escape(inClass: boolean): [number, number][] {
    const char = this.source[this.at];
    if (char === undefined) throw new Unsupported();
    this.at += 1;
    const set = ESCAPES[char];
    if (set) return [...set];
    const control = CONTROLS[char];
    if (control !== undefined && !(char === "0" && /\d/.test(this.source[this.at] ?? ""))) return [[control, control]];
    if (char === "x" || char === "u") {
      const hex = char === "x" ? /^[0-9a-fA-F]{2}/.exec(this.source.slice(this.at)) : /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/.exec(this.source.slice(this.at));
      if (!hex) throw new Unsupported();
      this.at += hex[0].length;
      const code = parseInt(hex[0].replace(/[{}]/g, ""), 16);
      return [[code, code]];
    }
    if (char === "b" && inClass) return [[8, 8]];
    // Letters and digits escape to meanings not read here (\b, \p{…}, back references, \c…).
    if (/[A-Za-z0-9]/.test(char)) throw new Unsupported();
    const code = char.codePointAt(0)!;
    return [[code, code]];
  }
}
