// Formats generated text with prettier, under fixed options so output never depends on the
// machine or on a prettier config lying around in the consumer's repo.

const PARSERS: Record<string, string> = { ".ts": "typescript", ".md": "markdown", ".json": "json" };

export const FORMAT_OPTIONS = { printWidth: 100, proseWrap: "preserve", endOfLine: "lf" } as const;

export function parserFor(path: string): string | undefined {
  const dot = path.lastIndexOf(".");
  return dot === -1 ? undefined : PARSERS[path.slice(dot)];
}

export async function formatFile(path: string, content: string): Promise<string> {
  const parser = parserFor(path);
  if (!parser) return content.endsWith("\n") ? content : `${content}\n`;
  const prettier = await import("prettier");
  try {
    return await prettier.format(content, { ...FORMAT_OPTIONS, parser });
  } catch (error) {
    // An emitter produced text prettier cannot parse: a catalogen bug, so say where.
    throw new Error(`catalogen produced unparsable ${parser} for ${path}: ${(error as Error).message}`, { cause: error });
  }
}
