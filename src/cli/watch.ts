// `generate --watch`: generates, then again after every change of a catalogue folder (every
// project's, in a config with projects) or the config file, until Ctrl-C (exit 0). A run that fails (an invalid catalogue, a broken config) is reported
// and watching goes on; the next change tries again. A catalogue folder replaced (renamed away and
// made again, as git checkout and editors do) or deleted and made again is watched again, and
// generated from, as soon as it is back.
import { statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CatalogueError } from "../shared/diagnostic.js";
import type { Conversions } from "../sources/document.js";
import { livingInputs } from "../sources/inputs.js";
import type { Command } from "./command.js";
import { loadConfig, type ResolvedConfig } from "./config.js";
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

/** Every project's catalogue folder (a config with projects generates each), each once. */
function cataloguesOf(config: ResolvedConfig): string[] {
  return [...new Set((config.projects ?? [config]).map((project) => project.catalogue))];
}

export async function watchAndGenerate(context: RunContext & { generateOnce: (context: RunContext) => Promise<number> }): Promise<number> {
  const { flags, io, generateOnce } = context;
  let config = context.config;
  let watchers: FSWatcher[] = [];
  let watching = "";
  /** The identity of each catalogue folder the watchers follow (undefined while it is missing). */
  let attached = new Map<string, string | undefined>();
  let everAttached = false;
  /** Catalogue folders whose "is gone" was said, and not yet "is back". */
  const missingSaid = new Set<string>();
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let runAgain = false;
  let stopped = false;
  /** Per catalogue folder, the files its living source read in the last generate that got that far (none when it failed before). */
  const sourceInputs = new Map<string, string[]>();
  /** The living sources' documents converted, for the next run while they are unchanged. */
  const conversions: Conversions = new Map();
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => (finish = resolve));

  /** One run: reload the config (it may have changed), generate, follow the folders it names. */
  const runOnce = async (): Promise<boolean> => {
    if (changed.size > 0) io.out(`catalogen: changed ${[...changed].sort().join(", ")}`);
    changed = new Set();
    try {
      config = applyFlags(await loadConfig(io.cwd, flags.config as string | undefined), flags, io.cwd);
      await generateOnce({ config, flags, io: { ...io, conversions, sourceInputs: (catalogue, files) => sourceInputs.set(catalogue, files) } });
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
   * Watches every project's catalogue folder and the config file, the latter through its folder
   * (editors replace a file on save). False when a catalogue folder cannot be watched at the start;
   * later a missing folder is waited for (see checkReplaced).
   */
  const watchFolders = (): boolean => {
    const catalogues = cataloguesOf(config);
    // A living source's OpenAPI document and the files its $refs name: as the last generate read
    // them; until one has, as the store recorded them.
    const living = catalogues.flatMap((catalogue) => sourceInputs.get(catalogue) ?? livingInputs(catalogue) ?? []);
    const key = `${catalogues.join("\n")}\n${config.source ?? ""}\n${living.join("\n")}`;
    const identities = new Map(catalogues.map((catalogue) => [catalogue, folderIdentity(catalogue)]));
    const moved = catalogues.filter((catalogue) => identities.get(catalogue) !== attached.get(catalogue));
    if ((key === watching && moved.length === 0) || stopped) return true;
    const reattached = key === watching && everAttached && moved.every((catalogue) => identities.get(catalogue) !== undefined);
    if (reattached) {
      for (const catalogue of moved) io.out(`catalogen: ${shown(catalogue, io.cwd)} ${missingSaid.has(catalogue) ? "is back" : "was replaced"}; watching it again`);
      missingSaid.clear();
    }
    for (const watcher of watchers) watcher.close();
    watchers = [];
    watching = key;
    attached = new Map();
    const source = config.source;
    const follow = (folder: string, onChange: (name: string | null) => void) => {
      const watcher = watch(folder, (_event, name) => onChange(name));
      watcher.on("error", (error) => {
        // A deleted folder ends its watcher; checkReplaced watches it again when it is back.
        if (catalogues.includes(folder) && folderIdentity(folder) !== attached.get(folder)) return;
        io.err(`catalogen: stopped watching ${shown(folder, io.cwd)}: ${error.message}`);
      });
      watchers.push(watcher);
    };
    try {
      for (const catalogue of catalogues) {
        follow(catalogue, (name) => {
          if (name === null || /\.ya?ml$/.test(name)) changedPath(join(catalogue, name ?? ""));
        });
      }
      attached = identities;
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
      const missing = catalogues.filter((catalogue) => folderIdentity(catalogue) === undefined);
      if (everAttached && missing.length > 0) {
        for (const catalogue of missing) {
          if (!missingSaid.has(catalogue)) io.out(`catalogen: ${shown(catalogue, io.cwd)} is gone; waiting for it to come back`);
          missingSaid.add(catalogue);
        }
        // checkReplaced runs again when a missing folder is back.
        attached = new Map(catalogues.map((catalogue) => [catalogue, missing.includes(catalogue) ? undefined : identities.get(catalogue)]));
        return true;
      }
      io.err(`catalogen: cannot watch ${missing.length > 0 ? shown(missing[0]!, io.cwd) : catalogues.map((catalogue) => shown(catalogue, io.cwd)).join(" and ")}: ${(error as Error).message}`);
      return false;
    }
    everAttached = true;
    // A folder that came back may still have been filling while this run read it, and nothing saw
    // those writes: one more run, now that its changes are watched.
    if (reattached) runAgain = true;
    const what = [...catalogues, ...(source === undefined ? [] : [source]), ...living].map((path) => shown(path, io.cwd));
    io.out(`catalogen: watching ${what.join(" and ")}; Ctrl-C stops`);
    return true;
  };

  /** Notices a catalogue folder deleted, or replaced by another, and generates from it again when it is back. */
  const checkReplaced = () => {
    if (stopped || running || !everAttached) return;
    for (const catalogue of cataloguesOf(config)) {
      const identity = folderIdentity(catalogue);
      if (identity === attached.get(catalogue)) continue;
      if (identity === undefined) {
        if (!missingSaid.has(catalogue)) io.out(`catalogen: ${shown(catalogue, io.cwd)} is gone; waiting for it to come back`);
        missingSaid.add(catalogue);
        attached.set(catalogue, undefined);
        continue;
      }
      // The run watches it again (watchFolders says so).
      changedPath(catalogue);
    }
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
