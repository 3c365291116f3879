// Writers of typed form and multipart bodies, named by the descriptor of an operation that has
// one (`body: formBody({ ... })`), so only programs calling such an operation bundle them.
import type { BodyEncoding, FetchBody } from "./encoding.js";
import { styleQuery, type StyleOf } from "./styles.js";

function own<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** application/x-www-form-urlencoded: each property as a query parameter of its style (`parts`; form with explode by default). */
export function formBody(parts: Readonly<Record<string, StyleOf>> = {}): BodyEncoding {
  return (body) => {
    const pairs: string[] = [];
    for (const [name, value] of Object.entries(body)) {
      const [style, explode] = own(parts, name) ?? ["form", true];
      const text = styleQuery(name, value, style, explode);
      if (text !== "") pairs.push(text);
    }
    return { body: pairs.join("&"), contentType: "application/x-www-form-urlencoded" };
  };
}

/**
 * multipart/form-data: a part per property, an array's items each a part of the same name. Blobs
 * (Files keep their name), bytes and streams go as files, objects as JSON, other values as text;
 * `contentTypes` labels a property's parts. Without a stream, fetch writes the FormData with its
 * boundary; with one, the body is streamed part by part (and, read once, cannot be retried).
 */
export function multipartBody(contentTypes: Readonly<Record<string, string>> = {}): BodyEncoding {
  return (body) => {
    const parts: Part[] = [];
    for (const [name, value] of Object.entries(body)) {
      const contentType = own(contentTypes, name);
      for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
        if (item == null) continue;
        if (typeof Blob !== "undefined" && item instanceof Blob) parts.push({ name, value: item });
        else if (ArrayBuffer.isView(item)) parts.push({ name, value: new Blob([bytesOf(item)], contentType === undefined ? {} : { type: contentType }) });
        else if (typeof ReadableStream !== "undefined" && item instanceof ReadableStream) parts.push({ name, value: item as ReadableStream<Uint8Array>, ...(contentType !== undefined && { type: contentType }) });
        else if (typeof item === "object" || (contentType !== undefined && !contentType.startsWith("text/plain"))) {
          const text = typeof item === "object" ? JSON.stringify(item) : String(item as string | number | boolean);
          parts.push({ name, value: new Blob([text], { type: contentType ?? "application/json" }) });
        } else parts.push({ name, value: String(item as string | number | boolean) });
      }
    }
    if (parts.some((part) => typeof part.value === "object" && !(part.value instanceof Blob))) return streamed(parts);
    const form = new FormData();
    for (const part of parts) form.append(part.name, part.value as Blob | string);
    return { body: form as FetchBody };
  };
}

/** One part: text, a file, or a stream of bytes (with its declared type). */
interface Part {
  name: string;
  value: string | Blob | ReadableStream<Uint8Array>;
  type?: string;
}

/** The bytes of a typed array or DataView, as a Blob takes them. */
function bytesOf(view: ArrayBufferView): Uint8Array<ArrayBuffer> {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice();
}

/** A name or file name in a part's header, written as the HTML standard does (`"`, CR and LF percent-encoded). */
function quoted(text: string): string {
  return `"${text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}"`;
}

/** The multipart body of `parts` as a stream: each part's bytes read only when fetch asks for them. */
function streamed(parts: readonly Part[]): { body: FetchBody; contentType: string; once: true } {
  const boundary = `----catalogen-${Array.from({ length: 4 }, () => Math.random().toString(36).slice(2)).join("")}`;
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      const file = typeof part.value !== "string";
      const filename = part.value instanceof Blob && "name" in part.value && typeof part.value.name === "string" ? part.value.name : "blob";
      const type = part.value instanceof Blob ? part.value.type || "application/octet-stream" : (part.type ?? "application/octet-stream");
      const head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}${file ? `; filename=${quoted(filename)}\r\nContent-Type: ${type}` : ""}\r\n\r\n`;
      yield encoder.encode(head);
      if (typeof part.value === "string") yield encoder.encode(part.value);
      else {
        const reader = (part.value instanceof Blob ? part.value.stream() : part.value).getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
      }
      yield encoder.encode("\r\n");
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  const source = chunks();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return { body: body as FetchBody, contentType: `multipart/form-data; boundary=${boundary}`, once: true };
}
