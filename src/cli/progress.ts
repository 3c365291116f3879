// One updating status line on a terminal while long work runs (issue 27): what stage, and how far.
// Nothing at all where `io.status` is absent (not a terminal, or --quiet), so logs stay short.
import type { Io } from "./io.js";

export interface Progress {
  /** A stage of async work: shown once the run has taken `delayMs` (a fast run shows nothing). */
  stage(text: string): void;
  /** A stage of work that holds the event loop (no timer can fire during it): shown at once. */
  stageNow(text: string): void;
  /** `done` items (of `total`, where known): shown once the run has taken `delayMs`, at most every 100 ms. */
  count(text: string, done: number, total?: number): void;
  /** Clears the line, if one was shown. */
  end(): void;
}

const REDRAW_MS = 100;

export function progress(io: Io, options: { delayMs?: number; now?: () => number } = {}): Progress {
  const status = io.status;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const delayMs = options.delayMs ?? 1000;
  let shownAt: number | undefined;
  let pending: NodeJS.Timeout | undefined;
  const show = (text: string): void => {
    clearTimeout(pending);
    shownAt = now();
    status?.(`catalogen: ${text}`);
  };
  return {
    stage(text) {
      if (!status) return;
      clearTimeout(pending);
      const wait = delayMs - (now() - started);
      if (wait <= 0) show(text);
      else (pending = setTimeout(() => show(text), wait)).unref();
    },
    stageNow: (text) => status && show(text),
    count(text, done, total) {
      if (!status) return;
      const at = now();
      if (at - started < delayMs) return;
      if (shownAt !== undefined && at - shownAt < REDRAW_MS && done !== total) return;
      show(`${text}: ${done.toLocaleString("en-US")}${total === undefined ? "" : `/${total.toLocaleString("en-US")}`}`);
    },
    end() {
      clearTimeout(pending);
      if (shownAt !== undefined) status?.("");
      shownAt = undefined;
    },
  };
}
