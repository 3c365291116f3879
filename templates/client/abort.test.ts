import { getEventListeners } from "node:events";
import { expect, test, vi } from "vitest";
import { bounded, onAbort } from "./abort.js";
import { systemClock } from "./clock.js";

test("one listener on the signal for any number of subscriptions; each called once, cancelled ones not", () => {
  const controller = new AbortController();
  const calls: number[] = [];
  const cancels = Array.from({ length: 1_000 }, (_, i) => onAbort(controller.signal, () => calls.push(i)));
  expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
  for (const cancel of cancels.slice(0, 998)) cancel();
  controller.abort();
  controller.abort();
  expect(calls).toEqual([998, 999]);
});

test("a signal already aborted calls at once", () => {
  let called = 0;
  onAbort(AbortSignal.abort(), () => called++);
  expect(called).toBe(1);
});

test("the system clock's sleeps share one listener and reject with the reason", async () => {
  const controller = new AbortController();
  const sleeps = Array.from({ length: 100 }, () => systemClock.sleep(60_000, controller.signal).catch((e: unknown) => e));
  expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
  controller.abort(new Error("stop"));
  expect(new Set((await Promise.all(sleeps)).map((e) => (e as Error).message))).toEqual(new Set(["stop"]));
  await systemClock.sleep(1, controller.signal).catch((e: unknown) => expect((e as Error).message).toBe("stop"));
});

test("bounded: the promise's outcome, the signal's reason, or undefined after ms", async () => {
  const controller = new AbortController();
  expect(await bounded(Promise.resolve(7), controller.signal)).toBe(7);
  expect(await bounded(8, undefined, 1_000)).toBe(8);
  await expect(bounded(Promise.reject(new Error("store down")), controller.signal)).rejects.toThrow("store down");
  await expect(bounded(new Promise(() => undefined), undefined, 5)).rejects.toBeUndefined();
  const waiting = bounded(new Promise(() => undefined), controller.signal);
  controller.abort(new Error("stop"));
  await expect(waiting).rejects.toThrow("stop");
});

test("a sleep ends after its ms; an aborted sleep and a settled bounded wait leave no timer behind", async () => {
  vi.useFakeTimers();
  try {
    const controller = new AbortController();
    const done = systemClock.sleep(1_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    let settled = false;
    void done.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
    const stopped = systemClock.sleep(60_000, controller.signal).catch((e: unknown) => e);
    controller.abort(new Error("stop"));
    expect(((await stopped) as Error).message).toBe("stop");
    expect(vi.getTimerCount()).toBe(0);
    expect(await bounded(Promise.resolve(1), undefined, 60_000)).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});
