// A guide page named in a message ("see docs/mock.md"): the copy installed with catalogen (docs/ is
// in the package's files), said from the working folder, so that it opens for an npm user
// (node_modules/catalogen/docs/mock.md) as in a clone of the repository (docs/mock.md).
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const DOCS = fileURLToPath(new URL("../../docs/", import.meta.url)); // from src/shared/ or dist/shared/

/** `page` (e.g. "mock.md") under the installed docs/, relative to `cwd` with `/` separators. */
export function docPage(page: string, cwd = process.cwd()): string {
  return relative(cwd, `${DOCS}${page}`).split(sep).join("/");
}
