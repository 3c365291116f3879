// Reads a request body with a size cap: the declared Content-Length is checked first, then the
// bytes are counted as they stream in, and reading stops (the stream is cancelled) past the cap.

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Request body larger than ${maxBytes} bytes`);
  }
}

/** The body's bytes, or undefined when the request has none (or an empty one). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (request.body === null) return undefined;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
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
  if (total === 0) return undefined;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The media type without parameters, lower-cased: `Application/JSON; charset=utf-8` -> `application/json`. */
export function mediaType(contentType: string | null): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type ? type : undefined;
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

export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new MalformedJsonError("Request body is not valid JSON");
  }
}
