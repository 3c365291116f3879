import { describe, expect, it } from "vitest";
import { textMatching } from "./pattern.js";

/** A seeded generator, so a failure names a reproducible text. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const READ = [
  "^[A-Z]{3}$",
  "^\\d{4}-\\d{2}-\\d{2}$",
  "^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$",
  "^(GET|POST|PUT)$",
  "^[^\\s/]+$",
  "^SKU-[0-9A-F]{8}(?:-[0-9]{1,3})?$",
  "^(?<year>\\d{4})/(?<month>0[1-9]|1[0-2])$",
  "^\\w+\\.\\w+$",
  "^.{2,5}$",
  "[a-z]",
  "^\\+?[1-9]\\d{1,14}$",
  "^[\\u0410-\\u044f]{2}\\x21$",
  "^ab*?c+$",
  "^[-a-c]-[\\]x]$",
  "",
  "^$",
  "^😀[😀a]$",
  "^[^a-zA-Z0-9_]$",
];

describe("textMatching", () => {
  it.each(READ)("makes texts %s accepts (u flag, as the validators read it)", (pattern) => {
    const random = seeded(7);
    const regex = new RegExp(pattern, "u");
    for (let i = 0; i < 40; i++) {
      const text = textMatching(pattern, random);
      expect(text, `sample ${i}`).toBeTypeOf("string");
      expect(regex.test(text!), `${JSON.stringify(text)} against ${pattern}`).toBe(true);
    }
  });

  it("keeps within the lengths given, or makes nothing", () => {
    const random = seeded(3);
    for (let i = 0; i < 20; i++) expect(textMatching("^[a-z]+$", random, { min: 6, max: 7 })).toMatch(/^[a-z]{6,7}$/);
    expect(textMatching("^[a-z]{2}$", random, { min: 5 })).toBeUndefined();
  });

  it.each(["^(?=a)a$", "^(a)\\1$", "^\\p{Lu}$", "\\bword\\b", "^a{3,1}$", "[", "(a", "^[z-a]$", "^a{2000}$"])("makes nothing for %s (not read here, or not a pattern)", (pattern) => {
    expect(textMatching(pattern, seeded(1))).toBeUndefined();
  });

  it("is the same text for the same seed", () => {
    expect(textMatching("^[A-Z]{2}\\d{6}$", seeded(42))).toBe(textMatching("^[A-Z]{2}\\d{6}$", seeded(42)));
  });
});
