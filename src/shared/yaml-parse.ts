// The one way catalogen parses YAML text into a document with positions.
// Why not `parseDocument` alone: the yaml package's parser reads `process.env.LOG_TOKENS` once per
// token, and Node's `process.env` is an accessor into the C++ environment (about 0.5 µs a read):
// a fifth of a catalogue's parse. The parse is synchronous, so for its length `process.env` is a
// plain copy and is put back before anything else can run.
import { parseDocument, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from "yaml";

export function parseYamlDocument(text: string, options: ParseOptions & DocumentOptions & SchemaOptions): Document {
  return withPlainEnv(() => parseDocument(text, options));
}

/** `run()` with `process.env` a plain copy (see above): for any synchronous use of the yaml package's parser. */
export function withPlainEnv<T>(run: () => T): T {
  const env = process.env;
  process.env = { ...env };
  try {
    return run();
  } finally {
    process.env = env;
  }
}
