// Time and chance, injectable so tests of waits and backoff need not wait.
import { bounded } from "./abort.js";

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1), for jitter. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // A wait that only time (or the signal) ends.
  sleep: (ms, signal) => bounded(new Promise<void>(() => undefined), signal, ms, true),
  random: () => Math.random(),
};
