// Time and chance, injectable so tests of waits and backoff need not wait.
import { onAbort } from "./abort.js";

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
  sleep,
  random: () => Math.random(),
};

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      cancel();
      resolve();
    }, Math.max(0, ms));
    const cancel = signal
      ? onAbort(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        })
      : () => undefined;
  });
}
