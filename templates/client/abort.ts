// One "abort" listener per signal, however many waits share it: an EventTarget checks every
// listener it holds when one is added or removed, so a listener per call makes queuing quadratic.
// And each attempt's signal: the caller's and the timeout's.

const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `fn` once when `signal` aborts (at once if it has); the returned function cancels that. */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  if (signal.aborted) {
    fn();
    return () => undefined;
  }
  let set = waiting.get(signal);
  if (!set) {
    const callbacks = new Set<() => void>();
    set = callbacks;
    waiting.set(signal, callbacks);
    signal.addEventListener(
      "abort",
      () => {
        waiting.delete(signal);
        for (const callback of callbacks) callback();
      },
      { once: true },
    );
  }
  const callbacks = set;
  // A wrapper per subscription, so one function given twice is two subscriptions.
  const entry = (): void => fn();
  callbacks.add(entry);
  return () => {
    callbacks.delete(entry);
  };
}

/**
 * `promise`'s outcome, unless `signal` aborts first (rejects with its reason) or `ms` pass first
 * (rejects with undefined; resolves with undefined when `resolveInTime`). The rate limiters'
 * waits (for a turn in line, for a store's answer) and the system clock's sleep.
 */
export function bounded<T>(promise: T | Promise<T>, signal: AbortSignal | undefined, ms: number = Infinity, resolveInTime?: boolean): Promise<T> {
  let cancel: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<T>((resolve, reject) => {
    cancel = signal && onAbort(signal, () => reject(signal.reason));
    // A sleep of NaN or Infinity ends as setTimeout says (about 1 ms), as before, not never.
    if (resolveInTime || ms < Infinity) timer = setTimeout(() => (resolveInTime ? resolve : reject)(undefined as T), Math.max(0, ms));
    Promise.resolve(promise).then(resolve, reject);
  }).finally(() => {
    clearTimeout(timer);
    cancel?.();
  });
}

/**
 * A signal for one attempt, aborted by the caller's signal or by the timeout; whether the timeout
 * did; and what ends the timer and the subscription (a tuple: positions shrink in a bundle).
 */
export function attemptSignal(caller: AbortSignal | undefined, timeoutMs: number): [signal: AbortSignal, timedOut: () => boolean, done: () => void] {
  const controller = new AbortController();
  let timedOut = false;
  const cancel = caller ? onAbort(caller, () => controller.abort(caller.reason)) : undefined;
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  return [
    controller.signal,
    () => timedOut,
    () => {
      clearTimeout(timer);
      cancel?.();
    },
  ];
}
