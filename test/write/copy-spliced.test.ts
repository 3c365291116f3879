// The copy under `putSpliced` (src/write/plan.ts `copySpliced`): text and ranges of the old file go
// to the new one through two reused 1 MiB buffers. Checked on real files against the bytes the
// parts name, with ranges and texts across buffer boundaries, a text larger than a buffer, texts
// of multi-byte characters, and an old file cut shorter than its ranges (Unread: made again
// without its bytes).
import { closeSync, openSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copySpliced, Unread } from "../../src/write/plan.js";
import { freshDir } from "../helpers/generate.js";

const MiB = 1 << 20;

async function copy(dir: string, old: Buffer, parts: (string | { start: number; end: number })[]) {
  const from = join(dir, "old.bin");
  const to = join(dir, "new.bin");
  writeFileSync(from, old);
  const fromFd = openSync(from, "r");
  const toFd = openSync(to, "w");
  try {
    const result = await copySpliced("old.bin", { fd: fromFd, size: old.length }, toFd, parts);
    return { result, bytes: readFileSync(to) };
  } finally {
    closeSync(fromFd);
    closeSync(toFd);
  }
}

describe("copySpliced", () => {
  it("writes exactly the bytes the parts name, and their sha256, across buffer boundaries", async () => {
    const dir = await freshDir("copy-spliced");
    const old = randomBytes(3 * MiB + 12345);
    const big = "é€😀x".repeat(120_000); // 1.2 MB of text: more than one buffer
    const parts = [
      "{\n",
      { start: 0, end: MiB - 7 },
      "ünïcödé 😀",
      { start: MiB - 7, end: 2 * MiB + 3 }, // across the first buffer's end
      big,
      { start: 5, end: 6 },
      "x".repeat(MiB / 3 + 1), // may not fit what is left of a buffer: flushed first
      { start: 2 * MiB, end: old.length },
      "\n}\n",
    ];
    const expected = Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : old.subarray(part.start, part.end))));
    const { result, bytes } = await copy(dir, old, parts);
    expect(bytes.equals(expected)).toBe(true);
    expect(result).toEqual({ sha256: createHash("sha256").update(expected).digest("hex"), size: expected.length });
  });

  it("gives Unread when the old file ends before a range it names", async () => {
    const dir = await freshDir("copy-spliced");
    const old = randomBytes(2 * MiB);
    const from = join(dir, "old.bin");
    writeFileSync(from, old);
    const fromFd = openSync(from, "r");
    const toFd = openSync(join(dir, "new.bin"), "w");
    truncateSync(from, MiB); // cut after it was found whole
    try {
      const result = await copySpliced("old.bin", { fd: fromFd, size: old.length }, toFd, ["a", { start: 0, end: 2 * MiB }]);
      expect(result).toBeInstanceOf(Unread);
    } finally {
      closeSync(fromFd);
      closeSync(toFd);
    }
  });

  it("refuses a range outside the old file's size", async () => {
    const dir = await freshDir("copy-spliced");
    await expect(copy(dir, randomBytes(100), [{ start: 50, end: 101 }])).rejects.toThrow(/a part names bytes 50-101 of a file of 100/);
  });
});
