// Reading a generated docs folder back.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export async function readPages(out: string): Promise<Map<string, string>> {
  const dir = join(out, "docs");
  const names = (await readdir(dir)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), "utf8")] as const)));
}

/** The raw Markdown of the `## <heading>` section, up to the next level-2 heading. */
export function section(page: string, heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`no section ${heading}`);
  const end = page.indexOf("\n## ", start + 1);
  return page.slice(start + 1, end === -1 ? undefined : end);
}
