// msw 3 declares Node >= 22.12 and uses three built-ins Node 20 lacks: Set.prototype.intersection
// and .difference (ES2025) and Promise.withResolvers (ES2024). This machine runs Node 20, so the
// msw tests add them, as the specification defines them and only where missing, before msw loads.
// The generated handlers use none of them. Imported first by every test file that loads msw.
const setProto = Set.prototype as Set<unknown> & {
  intersection?: (other: ReadonlySet<unknown>) => Set<unknown>;
  difference?: (other: ReadonlySet<unknown>) => Set<unknown>;
};
if (typeof setProto.intersection !== "function") {
  Object.defineProperty(Set.prototype, "intersection", {
    configurable: true,
    writable: true,
    value(this: Set<unknown>, other: ReadonlySet<unknown>): Set<unknown> {
      return new Set([...this].filter((item) => other.has(item)));
    },
  });
}
if (typeof setProto.difference !== "function") {
  Object.defineProperty(Set.prototype, "difference", {
    configurable: true,
    writable: true,
    value(this: Set<unknown>, other: ReadonlySet<unknown>): Set<unknown> {
      return new Set([...this].filter((item) => !other.has(item)));
    },
  });
}
const promise = Promise as PromiseConstructor & { withResolvers?: unknown };
if (typeof promise.withResolvers !== "function") {
  Object.defineProperty(Promise, "withResolvers", {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const created = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise: created, resolve, reject };
    },
  });
}
export {};
