// `generate --watch`: generates, then again after every change of the catalogue folder or the config
// file, until Ctrl-C (exit 0). A run that fails (an invalid catalogue, a broken config) is reported
// and watching goes on; the next change tries again. A catalogue folder replaced (renamed away and
// made again, as git checkout and editors do) or deleted and made again is watched again, and
// generated from, as soon as it is back.
import { statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CatalogueError } from "../shared/diagnostic.js";
import { livingInputs } from "../sources/inputs.js";
import type { Command } from "./command.js";
import { loadConfig } from "./config.js";
import { applyFlags } from "./flags.js";
import { shown } from "./io.js";

type RunContext = Parameters<Command["run"]>[0];

/** Quiet time after the last change before a run: one save in an editor is often several events. */
const DEBOUNCE_MS = 100;
/**
 * How often the catalogue folder's identity is checked: a watcher follows the folder it was opened
 * on, so one renamed away or deleted (and made again) sends no more events from the path.
 */
const REPLACED_CHECK_MS = 250;

/**
 * The folder at `path` as the file system knows it, undefined when there is none: device, inode and
 * birth time (a folder deleted and made again often gets the same inode back).
 */
function folderIdentity(path: string): string | undefined {
  try {
    const stats = statSync(path);
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}:${stats.birthtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

export async function watchAndGenerate(context: RunContext & { generateOnce: (context: RunContext) => Promise<number> }): Promise<number> {
  const { flags, io, generateOnce } = context;
  let config = context.config;
  let watchers: FSWatcher[] = [];
  let watching = "";
  /** The identity of the catalogue folder the watchers follow (undefined while it is missing). */
  let attached: string | undefined;
  let everAttached = false;
  /** "is gone" was said, and not yet "is back". */
  let missingSaid = false;
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let runAgain = false;
  let stopped = false;
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => (finish = resolve));

  /** One run: reload the config (it may have changed), generate, follow the folders it names. */
  const runOnce = async (): Promise<boolean> => {
    if (changed.size > 0) io.out(`catalogen: changed ${[...changed].sort().join(", ")}`);
    changed = new Set();
    try {
      config = applyFlags(await loadConfig(io.cwd, flags.config as string | undefined), flags, io.cwd);
      await generateOnce({ config, flags, io });
    } catch (error) {
      io.err(error instanceof CatalogueError ? error.report() : `catalogen: ${error instanceof Error ? error.message : String(error)}`);
    }
    return watchFolders();
  };

  const start = () => {
    if (running) {
      runAgain = true;
      return;
    }
    running = runOnce();
    void running.then((ok) => {
      running = undefined;
      if (!ok) stop(1);
      else if (runAgain && !stopped) {
        runAgain = false;
        start();
      }
    });
  };

  const changedPath = (path: string) => {
    changed.add(shown(path, io.cwd));
    clearTimeout(timer);
    timer = setTimeout(start, DEBOUNCE_MS);
  };

  /**
   * Watches the catalogue folder and the config file, the latter through its folder (editors
   * replace a file on save). False when the catalogue folder cannot be watched at the start; later
   * a missing folder is waited for (see checkReplaced).
   */
  const watchFolders = (): boolean => {
    // A living source's OpenAPI document and the files its $refs name (as the last run read them).
    const living = livingInputs(config.catalogue) ?? [];
    const key = `${config.catalogue}\n${config.source ?? ""}\n${living.join("\n")}`;
    const identity = folderIdentity(config.catalogue);
    if ((key === watching && identity === attached) || stopped) return true;
    const reattached = key === watching && everAttached && identity !== undefined;
    if (reattached) {
      io.out(`catalogen: ${shown(config.catalogue, io.cwd)} ${missingSaid ? "is back" : "was replaced"}; watching it again`);
      missingSaid = false;
    }
    for (const watcher of watchers) watcher.close();
    watchers = [];
    watching = key;
    attached = undefined;
    const catalogue = config.catalogue;
    const source = config.source;
    const follow = (folder: string, onChange: (name: string | null) => void) => {
      const watcher = watch(folder, (_event, name) => onChange(name));
      watcher.on("error", (error) => {
        // A deleted folder ends its watcher; checkReplaced watches it again when it is back.
        if (folder === catalogue && folderIdentity(catalogue) !== attached) return;
        io.err(`catalogen: stopped watching ${shown(folder, io.cwd)}: ${error.message}`);
      });
      watchers.push(watcher);
    };
    try {
      follow(catalogue, (name) => {
        if (name === null || /\.ya?ml$/.test(name)) changedPath(join(catalogue, name ?? ""));
      });
      attached = identity;
      if (source !== undefined) {
        follow(dirname(source), (name) => {
          if (name === basename(source)) changedPath(source);
        });
      }
      const byFolder = new Map<string, string[]>();
      for (const file of living) byFolder.set(dirname(file), [...(byFolder.get(dirname(file)) ?? []), file]);
      for (const [folder, files] of byFolder) {
        follow(folder, (name) => {
          const file = files.find((candidate) => basename(candidate) === name);
          if (file !== undefined) changedPath(file);
        });
      }
    } catch (error) {
      if (everAttached && folderIdentity(catalogue) === undefined) {
        if (!missingSaid) io.out(`catalogen: ${shown(catalogue, io.cwd)} is gone; waiting for it to come back`);
        missingSaid = true;
        return true;
      }
      io.err(`catalogen: cannot watch ${shown(catalogue, io.cwd)}: ${(error as Error).message}`);
      return false;
    }
    everAttached = true;
    // A folder that came back may still have been filling while this run read it, and nothing saw
    // those writes: one more run, now that its changes are watched.
    if (reattached) runAgain = true;
    const what = [catalogue, ...(source === undefined ? [] : [source]), ...living].map((path) => shown(path, io.cwd));
    io.out(`catalogen: watching ${what.join(" and ")}; Ctrl-C stops`);
    return true;
  };

  /** Notices the catalogue folder deleted, or replaced by another, and generates from it again when it is back. */
  const checkReplaced = () => {
    if (stopped || running || !everAttached) return;
    const identity = folderIdentity(config.catalogue);
    if (identity === attached) return;
    const folder = shown(config.catalogue, io.cwd);
    if (identity === undefined) {
      if (!missingSaid) io.out(`catalogen: ${folder} is gone; waiting for it to come back`);
      missingSaid = true;
      attached = undefined;
      return;
    }
    // The run watches it again (watchFolders says so).
    changedPath(config.catalogue);
  };
  const replacedTimer = setInterval(checkReplaced, REPLACED_CHECK_MS);

  /** Stops after the run under way, if any, so that no output is left half-written. */
  const stop = (code: number) => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(replacedTimer);
    for (const watcher of watchers) watcher.close();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    void (running ?? Promise.resolve()).then(() => finish(code));
  };
  const onSignal = () => stop(0);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  start();
  return finished;
}
