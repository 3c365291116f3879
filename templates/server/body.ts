// Reads a request body with a size cap: the declared Content-Length is checked first, then the
// bytes are counted as they stream in, and reading stops (the stream is cancelled) past the cap.

import { mediaEssence } from "../shared/media.js";

export const DEFAULT_MAX_BODY_BYTES: number = 4 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`Request body larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/** The body's bytes, or undefined when the request has none (or an empty one). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (request.body === null) return undefined;
  if (declaredTooLarge(request.headers.get("content-length"), maxBytes)) {
    void request.body.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return joinChunks(chunks, total);
}

/** The chunks as one array (undefined when there are no bytes). */
export function joinChunks(chunks: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> | undefined {
  if (total === 0) return undefined;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The declared Content-Length exceeds the cap (an absent or unreadable one does not). */
export function declaredTooLarge(contentLength: string | null, maxBytes: number): boolean {
  const declared = Number(contentLength ?? Number.NaN);
  return Number.isFinite(declared) && declared > maxBytes;
}

/** The media type without parameters, lower-cased: `Application/JSON; charset=utf-8` -> `application/json`. */
export function mediaType(contentType: string | null): string | undefined {
  return mediaEssence(contentType) || undefined;
}

/** Whether a media type fits one of the documented ones (`type/*` and `*\/*` match a family or anything). */
export function acceptsMediaType(documented: readonly string[], type: string): boolean {
  return documented.some((entry) => {
    const expected = entry.toLowerCase();
    if (expected === "*/*" || expected === type) return true;
    return expected.endsWith("/*") && type.startsWith(expected.slice(0, -1));
  });
}

export class MalformedJsonError extends Error {}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new MalformedJsonError("Request body is not valid JSON");
  }
}
