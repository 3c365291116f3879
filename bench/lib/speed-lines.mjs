// The lines of catalogen's speed and reuse code, counted by the list that docs/architecture.md
// keeps: every file the first column of its "Speed pieces" table names (a `*` in a name stands for
// any characters), plus every file of src/reuse/ and src/shared/cache-*. Prints each file's lines
// and the total (issue 45 asks for at most half of the 4,200 lines it counted).
//   node bench/lib/speed-lines.mjs
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The backticked paths of the first column of the "Speed pieces" table. A bare file name is in the
 * folder of the path before it in the same cell (`src/write/stage-thread.ts`, `stage-worker.ts`).
 */
function tablePaths(markdown) {
  const start = markdown.search(/^## Speed pieces/m);
  if (start === -1) throw new Error('docs/architecture.md has no "## Speed pieces" section');
  const paths = [];
  for (const line of markdown.slice(start).split("\n").slice(1)) {
    if (line.startsWith("## ")) break;
    if (!line.startsWith("|")) continue;
    const piece = line.split("|")[1] ?? "";
    let folder = "src";
    for (const [, path] of piece.matchAll(/`([^`]+\.ts)`/g)) {
      const full = path.includes("/") ? (path.startsWith("src/") ? path : `src/${path}`) : `${folder}/${path}`;
      folder = dirname(full);
      paths.push(full);
    }
  }
  return paths;
}

/** The files of `pattern` (a path whose last segment may hold `*`). */
function filesOf(pattern) {
  const folder = join(root, dirname(pattern));
  if (!existsSync(folder)) return [];
  const name = new RegExp(`^${basename(pattern).replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`);
  return readdirSync(folder).filter((entry) => name.test(entry)).map((entry) => relative(root, join(folder, entry)));
}

function filesUnder(folder) {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const listed = tablePaths(readFileSync(join(root, "docs/architecture.md"), "utf8"));
const files = [...new Set([...listed.flatMap(filesOf), ...filesUnder("src/reuse"), ...filesOf("src/shared/cache-*.ts")])].sort();
let total = 0;
for (const file of files) {
  const lines = readFileSync(join(root, file), "utf8").split("\n").length - 1;
  total += lines;
  console.log(`${String(lines).padStart(6)} ${file}`);
}
console.log(`${String(total).padStart(6)} total`);
