// A walk over plain data (a model's parts, parsed JSON): every object inside a value, arrays
// walked through, without recursion (a deep value cannot overflow the stack).

/** Whether `test` is true of some object inside `value` (the value itself included); stops at the first. */
export function someRecord(value: unknown, test: (record: Record<string, unknown>) => boolean): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (test(record)) return true;
    for (const key in record) stack.push(record[key]);
  }
  return false;
}
