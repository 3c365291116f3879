// A catalogue as it was at a git revision, read with git itself (ls-tree, cat-file): nothing is
// checked out. The files are laid out under a folder of their own, in the cache folder keyed by
// the commit (so a second run reads the loader's records of the first) or, without a cache
// folder, in the diff's temporary folder (`scratch`, removed when the diff is done or signalled).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { cacheDirectory } from "../shared/cache-directory.js";
import { closest } from "../shared/suggest.js";
import { DiffError } from "./error.js";

const run = promisify(execFile);


export interface RevisionFolder {
  /** The catalogue folder as it was at the revision. */
  dir: string;
  /** The file as it is shown in positions: `main:catalogue/items.yaml`. */
  shown(name: string): string;
}

/** The catalogue folder `catalogue` as it was at `revision` of the repository holding it; `scratch`: a temporary folder for it when there is no cache folder. */
export async function catalogueAt(revision: string, catalogue: string, scratch: string): Promise<RevisionFolder> {
  const folder = realpathSync(resolve(catalogue));
  const root = (await git(folder, ["rev-parse", "--show-toplevel"], "is not inside a git repository")).trim();
  const commit = await commitOf(root, revision);
  const inRepo = relative(realpathSync(root), folder).split(sep).join("/");
  const names = (await git(root, ["ls-tree", "-z", "--name-only", commit, "--", inRepo === "" ? "." : `${inRepo}/`], "")).split("\0").filter((path) => /\.ya?ml$/.test(path));
  if (names.length === 0) throw new DiffError(`${revision} has no catalogue files in ${inRepo || "."}/ (git ls-tree ${revision} -- ${inRepo || "."}/ lists none)`);
  const cache = cacheDirectory();
  const key = createHash("sha256").update(`${commit}\0${inRepo}`).digest("hex").slice(0, 32);
  const base = join(cache !== undefined ? join(cache, "diff") : scratch, key);
  const write = async (path: string): Promise<void> => {
    const target = join(base, ...path.split("/"));
    if (cache !== undefined && existsSync(target)) return; // the same commit's file: already there
    const text = await gitBytes(root, ["cat-file", "blob", `${commit}:${path}`]);
    mkdirSync(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, target);
  };
  for (const name of names) await write(name);
  // A living source's document, when it lies in the repository too.
  for (const name of names) {
    const document = livingDocument(join(base, ...name.split("/")));
    if (document === undefined) continue;
    const path = posix.normalize(posix.join(posix.dirname(name), document));
    if (path.startsWith("../") || posix.isAbsolute(path)) continue;
    await write(path).catch(() => undefined); // not in the revision: the loader says so, positioned
  }
  return {
    dir: join(base, ...(inRepo === "" ? [] : inRepo.split("/"))),
    shown: (name) => `${revision}:${inRepo === "" ? name : posix.normalize(`${inRepo}/${name}`)}`,
  };
}

/** The commit `revision` names; a clear error with the nearest branch or tag when it names none. */
async function commitOf(root: string, revision: string): Promise<string> {
  if (revision.startsWith("-")) throw new DiffError(`"${revision}" is not a revision`);
  try {
    return (await run("git", ["rev-parse", "--verify", "--quiet", `${revision}^{commit}`], { cwd: root })).stdout.trim();
  } catch {
    const refs = (await git(root, ["for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags", "refs/remotes"], "").catch(() => "")).split("\n").filter(Boolean);
    const near = closest(revision, refs);
    throw new DiffError(`no revision "${revision}" in this repository${near ? `; did you mean "${near}"?` : ""}`);
  }
}

/** What a catalogue file names as its living source's document (`source: { openapi: X }`), if anything. */
function livingDocument(file: string): string | undefined {
  try {
    const data = parse(readText(file)) as { source?: { openapi?: unknown } } | null;
    return typeof data?.source?.openapi === "string" ? data.source.openapi : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string {
  // Only files that can name a source: a top-level `source:` key.
  const text = readFileSync(file, "utf8");
  return /^source\s*:/m.test(text) ? text : "";
}

async function git(cwd: string, args: string[], failure: string): Promise<string> {
  try {
    return (await run("git", args, { cwd, maxBuffer: 1 << 30 })).stdout;
  } catch (error) {
    throw new DiffError(failure ? `${cwd} ${failure}` : `git ${args.join(" ")} failed: ${String((error as { stderr?: string }).stderr ?? (error as Error).message).trim().split("\n")[0]}`);
  }
}

async function gitBytes(cwd: string, args: string[]): Promise<Buffer> {
  return (await run("git", args, { cwd, encoding: "buffer", maxBuffer: 1 << 30 })).stdout;
}
