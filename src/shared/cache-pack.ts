// Many cache records of one folder in one file: a cold run at 10,000 operations kept 1,092 load
// records and model parts as a file each, and on this machine's disk (ext4 without a journal)
// every create scans the inodes deleted in the last 30 s, so each cost far more than its bytes.
// A pack is written whole or not at all (a temporary file, created exclusively, renamed over the
// last one). Its first line says the index's length; the index (JSON) gives each record's offset
// and length in the body and the start of its bytes' sha256: a record read from a pack that is
// cut short or changed is not taken (the caller makes it again). Node's own modules only: the
// staging worker (src/write/stage-worker.ts) writes packs too.
import { createHash } from "node:crypto";
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The pack's name in its folder (never a record's: those are hashes with an extension). */
export const PACK_FILE = "records.pack";

const MAGIC = "catalogen-pack-1";

type Index = Record<string, [offset: number, length: number, sha256: string]>;

function digest(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
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

/** The indexes read in this process, by folder, with the stats of the pack they were read from. */
const indexes = new Map<string, { stats: string; index: Index; body: number }>();

/** Record `name` of `folder`'s pack, when the pack holds it whole and unchanged; undefined otherwise. */
export function readPacked(folder: string, name: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(join(folder, PACK_FILE), "r");
  } catch {
    return undefined;
  }
  try {
    const found = fstatSync(fd, { bigint: true });
    const stats = `${found.ino}:${found.size}:${found.mtimeNs}`;
    let pack = indexes.get(folder);
    if (pack?.stats !== stats) {
      pack = { stats, ...readIndex(fd) };
      indexes.set(folder, pack);
    }
    const entry = Object.hasOwn(pack.index, name) ? pack.index[name] : undefined;
    if (entry === undefined) return undefined;
    const [offset, length, sha256] = entry;
    const bytes = readAt(fd, pack.body + offset, length);
    return bytes !== undefined && digest(bytes) === sha256 ? bytes : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function readIndex(fd: number): { index: Index; body: number } {
  const head = readAt(fd, 0, 64);
  const newline = head?.indexOf(10) ?? -1;
  const match = newline === -1 ? null : new RegExp(`^${MAGIC} (\\d+)$`).exec(head!.toString("latin1", 0, newline));
  if (match === null) throw new Error("not a pack");
  const length = Number(match[1]);
  const indexBytes = readAt(fd, newline + 1, length);
  if (indexBytes === undefined) throw new Error("a pack cut short");
  const index = JSON.parse(indexBytes.toString("utf8")) as Index;
  if (typeof index !== "object" || index === null || Array.isArray(index)) throw new Error("not a pack");
  for (const entry of Object.values(index)) {
    if (!Array.isArray(entry) || !Number.isSafeInteger(entry[0]) || !Number.isSafeInteger(entry[1]) || entry[0] < 0 || entry[1] < 0 || typeof entry[2] !== "string") throw new Error("not a pack");
  }
  return { index, body: newline + 1 + length };
}

/** `length` bytes at `position`, or undefined when the file ends before them (or, for the head, the whole file when shorter). */
function readAt(fd: number, position: number, length: number): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const read = readSync(fd, bytes, done, length - done, position + done);
    if (read === 0) break;
    done += read;
  }
  if (done === length) return bytes;
  return position === 0 ? bytes.subarray(0, done) : undefined;
}
