// Many cache records of one folder in one file: a cold run at 10,000 operations kept 1,092 load
// records and model parts as a file each, and on this machine's disk (ext4 without a journal)
// every create scans the inodes deleted in the last 30 s, so each cost far more than its bytes.
// A pack is written whole or not at all (a temporary file, created exclusively, renamed over the
// last one). Its first line says the pack's tag and the lengths of the index and of the heads; the
// index (JSON) gives, per record, where its head and its tail are and each one's CRC-32.
// A record's head is its text up to its second newline (what its reader parses first: the line
// naming what it was made from, then a line of JSON), its tail the rest (a module's operations, the
// line starts: most of its bytes, which a change run at 10,000 operations never reads). The heads
// are together after the index, read with it in one go; a tail is read from the file when asked
// for, and given only when the pack is still the one its head came from (a random tag in its first
// line). A head or tail cut short or changed is not given (the caller makes it again). CRC-32, not
// SHA-256: the check is against damage, not against someone who can write the cache folder (who
// could write a matching hash as well). Node's own modules only (and once.ts, which imports none):
// the staging worker (src/write/stage-worker.ts) writes packs too.
import { randomBytes } from "node:crypto";
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { once } from "./once.js";

/** The pack's name in its folder (never a record's: those are hashes with an extension). */
export const PACK_FILE = "records.pack";

const MAGIC = "catalogen-pack-3";

/** Per record: its head's offset and length (in the heads), CRC-32; its tail's (in the tails), CRC-32. */
type Index = Record<string, [headOffset: number, headLength: number, headCrc: string, tailOffset: number, tailLength: number, tailCrc: string]>;

/** A record as read: its head, and its tail when asked for (undefined when it cannot be read whole and unchanged). */
export interface CacheRecord {
  head: Buffer;
  tail(): Buffer | undefined;
  /**
   * Whether the tail is read already (a record's own file): a reader then checks it with the head
   * and refuses a record cut short, which the run writes again whole. A pack's tails are read from
   * the file when asked for, and one that is not whole then gives way to what its reader makes again.
   */
  readonly tailRead: boolean;
}

/** Where `bytes` (a record's text) splits into head and tail: just past its second newline, else its end. */
function headLength(bytes: Buffer): number {
  const first = bytes.indexOf(10);
  const second = first === -1 ? -1 : bytes.indexOf(10, first + 1);
  return second === -1 ? bytes.length : second + 1;
}

/** A record read whole (its own file): head and tail are its two sides. */
export function wholeRecord(bytes: Buffer): CacheRecord {
  const split = headLength(bytes);
  const tail = bytes.subarray(split);
  return { head: bytes.subarray(0, split), tail: () => tail, tailRead: true };
}

/** zlib's CRC-32, loaded when a pack is first read or written (zlib costs every run a millisecond to load). */
let crc32: ((data: Buffer) => number) | undefined;

function digest(bytes: Buffer): string {
  crc32 ??= (createRequire(import.meta.url)("node:zlib") as typeof import("node:zlib")).crc32;
  return crc32(bytes).toString(16).padStart(8, "0");
}

/** Writes `entries` (a record's file name, its text) as the pack of `folder`, replacing the one there. Throws as the file system does. */
export function writePackNow(folder: string, entries: readonly (readonly [name: string, text: string])[]): void {
  mkdirSync(folder, { recursive: true });
  const index: Index = {};
  const heads: Buffer[] = [];
  const tails: Buffer[] = [];
  let headsLength = 0;
  let tailsLength = 0;
  for (const [name, text] of entries) {
    const bytes = Buffer.from(text);
    const split = headLength(bytes);
    const head = bytes.subarray(0, split);
    const tail = bytes.subarray(split);
    index[name] = [headsLength, head.length, digest(head), tailsLength, tail.length, digest(tail)];
    heads.push(head);
    tails.push(tail);
    headsLength += head.length;
    tailsLength += tail.length;
  }
  const indexBytes = Buffer.from(JSON.stringify(index));
  const path = join(folder, PACK_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, "wx");
  try {
    writeFileSync(fd, `${MAGIC} ${randomBytes(8).toString("hex")} ${indexBytes.length} ${headsLength}\n`);
    writeFileSync(fd, indexBytes);
    for (const bytes of heads) writeFileSync(fd, bytes);
    for (const bytes of tails) writeFileSync(fd, bytes);
    closeSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  renameSync(temporary, path);
}

/** A pack's records by name, each given only when its head is whole and unchanged (checked when asked for). */
export type PackedRecords = (name: string) => CacheRecord | undefined;

/** How much of a pack's start is read to find its first line. */
const FIRST_READ = 64 * 1024;

/**
 * The pack of `folder`: its index and every record's head read in one go (a run reads most of its
 * records' heads: a read each cost an open, a stat and a close each, 1,090 of them in a change run
 * at 10,000 operations), its tails left in the file; undefined when there is none or its head or
 * index is not a pack's.
 */
export function openPack(folder: string): PackedRecords | undefined {
  const path = join(folder, PACK_FILE);
  const start = readStart(path);
  if (start === undefined) return undefined;
  const { tag, index, heads, tailsAt } = start;
  return (name) => {
    const entry = Object.hasOwn(index, name) ? index[name] : undefined;
    if (entry === undefined) return undefined;
    const [headOffset, length, headCrc, tailOffset, tailLength, tailCrc] = entry;
    const head = heads.subarray(headOffset, headOffset + length);
    if (digest(head) !== headCrc) return undefined;
    return { head, tail: once(() => readTail(path, tag, tailsAt + tailOffset, tailLength, tailCrc)), tailRead: false };
  };
}

/** Record `name` of `folder`'s pack, head and tail together, when the pack holds both whole and unchanged; undefined otherwise. */
export function readPacked(folder: string, name: string): Buffer | undefined {
  const record = openPack(folder)?.(name);
  const tail = record?.tail();
  return record === undefined || tail === undefined ? undefined : Buffer.concat([record.head, tail]);
}

/** The pack's tag, index and heads, and where its tails start; undefined when it is not a pack (or not whole up to its tails). */
function readStart(path: string): { tag: string; index: Index; heads: Buffer; tailsAt: number } | undefined {
  return readingPack(path, (fd) => {
    const size = fstatSync(fd).size;
    const first = Buffer.allocUnsafe(Math.min(size, FIRST_READ));
    const got = readSync(fd, first, 0, first.length, 0);
    const line = parseFirstLine(first.subarray(0, got));
    if (line === undefined) return undefined;
    const { tag, indexLength, headsLength, body } = line;
    if (body + indexLength + headsLength > size) return undefined;
    const start = Buffer.allocUnsafe(indexLength + headsLength);
    const inFirst = Math.min(got - body, start.length);
    first.copy(start, 0, body, body + inFirst);
    if (inFirst < start.length && readSync(fd, start, inFirst, start.length - inFirst, body + inFirst) !== start.length - inFirst) return undefined;
    const index = JSON.parse(start.toString("utf8", 0, indexLength)) as Index;
    if (!isIndex(index, headsLength)) return undefined;
    return { tag, index, heads: start.subarray(indexLength), tailsAt: body + indexLength + headsLength };
  });
}

/** What `read` gives of the pack at `path`, opened for it and closed after; undefined when it cannot be opened or read. */
function readingPack<T>(path: string, read: (fd: number) => T | undefined): T | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    return read(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function parseFirstLine(bytes: Buffer): { tag: string; indexLength: number; headsLength: number; body: number } | undefined {
  const newline = bytes.subarray(0, 128).indexOf(10);
  const match = newline === -1 ? null : new RegExp(`^${MAGIC} ([0-9a-f]{16}) (\\d+) (\\d+)$`).exec(bytes.toString("latin1", 0, newline));
  return match === null ? undefined : { tag: match[1]!, indexLength: Number(match[2]), headsLength: Number(match[3]), body: newline + 1 };
}

/** Whether `index` is a pack's, its heads within the heads read (a tail past the file's end is found so when read: a pack cut short still gives its whole records). */
function isIndex(index: unknown, headsLength: number): index is Index {
  if (typeof index !== "object" || index === null || Array.isArray(index)) return false;
  for (const entry of Object.values(index)) {
    if (!Array.isArray(entry) || entry.length !== 6) return false;
    const [headOffset, headLength, headCrc, tailOffset, tailLength, tailCrc] = entry as unknown[];
    if (!isRange(headOffset, headLength, headsLength) || !isRange(tailOffset, tailLength, Number.MAX_SAFE_INTEGER) || typeof headCrc !== "string" || typeof tailCrc !== "string") return false;
  }
  return true;
}

function isRange(offset: unknown, length: unknown, within: number): boolean {
  return Number.isSafeInteger(offset) && Number.isSafeInteger(length) && (offset as number) >= 0 && (length as number) >= 0 && (offset as number) + (length as number) <= within;
}

/** A tail of the pack at `path`, read when the pack there is still the one of tag `tag`; undefined otherwise or when it is not whole and unchanged. */
function readTail(path: string, tag: string, at: number, length: number, check: string): Buffer | undefined {
  if (length === 0) return digest(Buffer.alloc(0)) === check ? Buffer.alloc(0) : undefined;
  return readingPack(path, (fd) => {
    const first = Buffer.allocUnsafe(128);
    if (parseFirstLine(first.subarray(0, readSync(fd, first, 0, first.length, 0)))?.tag !== tag) return undefined;
    const tail = Buffer.allocUnsafe(length);
    if (readSync(fd, tail, 0, length, at) !== length) return undefined;
    return digest(tail) === check ? tail : undefined;
  });
}
