import { createHash } from "node:crypto";

/** The SHA-256 of a text or bytes, as hex. */
export function sha256(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}
