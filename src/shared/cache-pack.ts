// Many cache records of one folder in one file: a cold run at 10,000 operations kept 1,092 load
// records and model parts as a file each, and on this machine's disk (ext4 without a journal)
// every create scans the inodes deleted in the last 30 s, so each cost far more than its bytes.
// A pack is written whole or not at all (a temporary file, created exclusively, renamed over the
// last one). Its first line says the index's length; the index (JSON) gives each record's offset
// and length in the body and its bytes' CRC-32: a record read from a pack that is cut short or
// changed is not taken (the caller makes it again). CRC-32, not SHA-256: the check is against
// damage, not against someone who can write the cache folder (who could write a matching hash as
// well), and a change run at 10,000 operations checks every record of two packs, 24 MB (SHA-256
// took 13 ms of it, CRC-32 takes 3). Node's own modules only: the staging worker
// (src/write/stage-worker.ts) writes packs too.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** The pack's name in its folder (never a record's: those are hashes with an extension). */
export const PACK_FILE = "records.pack";

const MAGIC = "catalogen-pack-2";

type Index = Record<string, [offset: number, length: number, crc32: string]>;

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
  const bodies: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const bytes = Buffer.from(text);
    index[name] = [offset, bytes.length, digest(bytes)];
    bodies.push(bytes);
    offset += bytes.length;
  }
  const indexBytes = Buffer.from(JSON.stringify(index));
  const path = join(folder, PACK_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, "wx");
  try {
    writeFileSync(fd, `${MAGIC} ${indexBytes.length}\n`);
    writeFileSync(fd, indexBytes);
    for (const bytes of bodies) writeFileSync(fd, bytes);
    closeSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  renameSync(temporary, path);
}

/** A pack's records by name, each given only when whole and unchanged (checked when asked for). */
export type PackedRecords = (name: string) => Buffer | undefined;

/**
 * The pack of `folder`, read whole in one go (a run reads most of its records: a read each cost an
 * open, a stat and a close each, 1,090 of them in a change run at 10,000 operations); undefined when
 * there is none or its head or index is not a pack's. Packs are replaced by a rename, so the bytes
 * read are one pack's.
 */
export function openPack(folder: string): PackedRecords | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(folder, PACK_FILE));
  } catch {
    return undefined;
  }
  let index: Index;
  let body: number;
  try {
    ({ index, body } = readIndex(bytes));
  } catch {
    return undefined;
  }
  return (name) => {
    const entry = Object.hasOwn(index, name) ? index[name] : undefined;
    if (entry === undefined) return undefined;
    const [offset, length, check] = entry;
    if (body + offset + length > bytes.length) return undefined;
    const record = bytes.subarray(body + offset, body + offset + length);
    return digest(record) === check ? record : undefined;
  };
}

/** Record `name` of `folder`'s pack, when the pack holds it whole and unchanged; undefined otherwise. */
export function readPacked(folder: string, name: string): Buffer | undefined {
  return openPack(folder)?.(name);
}

function readIndex(bytes: Buffer): { index: Index; body: number } {
  const newline = bytes.subarray(0, 64).indexOf(10);
  const match = newline === -1 ? null : new RegExp(`^${MAGIC} (\\d+)$`).exec(bytes.toString("latin1", 0, newline));
  if (match === null) throw new Error("not a pack");
  const length = Number(match[1]);
  if (newline + 1 + length > bytes.length) throw new Error("a pack cut short");
  const index = JSON.parse(bytes.toString("utf8", newline + 1, newline + 1 + length)) as Index;
  if (typeof index !== "object" || index === null || Array.isArray(index)) throw new Error("not a pack");
  for (const entry of Object.values(index)) {
    if (!Array.isArray(entry) || !Number.isSafeInteger(entry[0]) || !Number.isSafeInteger(entry[1]) || entry[0] < 0 || entry[1] < 0 || typeof entry[2] !== "string") throw new Error("not a pack");
  }
  return { index, body: newline + 1 + length };
}
