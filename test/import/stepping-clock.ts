// A clock for the generated client and server that moves only when a caller waits, so what their
// limiters see depends on the requests alone, not on how fast a busy machine sends them.
import { AsyncLocalStorage } from "node:async_hooks";

/** Time that moves only when a caller sleeps: each sleep ends by moving it to the sleep's end (never back). */
export class SteppingClock {
  time = 1_000_000;
  now = (): number => this.time;
  random = (): number => 0.5;
  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const until = this.time + ms;
      setImmediate(() => {
        this.time = Math.max(this.time, until);
        resolve();
      });
    });
}

const SENT_AT = "x-test-sent-at";
const sending = new AsyncLocalStorage<number>();

/**
 * A client's `fetch` that stamps each request with the clock's time as it leaves the client. A
 * stepping clock may move on (another caller's wait ends) before the server reads it; the stamp
 * is when the client let the request go, which is what its limiter scheduled.
 */
export function stampedFetch(clock: SteppingClock): (url: string, init: RequestInit) => Promise<Response> {
  return (url, init) => {
    const headers = new Headers(init.headers);
    headers.set(SENT_AT, String(clock.now()));
    return fetch(url, { ...init, headers });
  };
}

/** For a server's `now`: the time stamped on the request being answered (see `answeredAtSendTime`), else the clock's. */
export function sendTime(clock: SteppingClock): () => number {
  return () => sending.getStore() ?? clock.now();
}

/** Runs `handle` for `request` with its stamp as the time `sendTime` reads: the server counts it when it was sent. */
export function answeredAtSendTime<T>(request: Request, handle: (request: Request) => Promise<T>): Promise<T> {
  const stamp = Number(request.headers.get(SENT_AT));
  return Number.isFinite(stamp) && stamp > 0 ? sending.run(stamp, () => handle(request)) : handle(request);
}
