// A value made when first asked for, then kept (undefined included): a cache record's tail is read
// from its file at most once, whatever its reader asks. No imports: the staging worker loads it.

/** `make`, called on the first call only; every call gives what that one gave. */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
