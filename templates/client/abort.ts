// One "abort" listener per signal, however many waits share it: an EventTarget checks every
// listener it holds when one is added or removed, so a listener per call makes queuing quadratic.

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
