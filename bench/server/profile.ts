// Where a profiled server spends its time: self time per function from a .cpuprofile, and the
// share of idle, garbage collection and Node's own code.

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export function topFunctions(profile: CpuProfile, top: number): string {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, index) => {
    const frame = frames.get(id)!;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    total += ms;
    if (frame.functionName === "(idle)") idle += ms;
    const where = frame.url ? ` ${frame.url.replace(/^.*\//, "")}:${frame.lineNumber + 1}` : "";
    const key = `${frame.functionName || "(anonymous)"}${where}`;
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  const busy = total - idle;
  const lines = [`sampled ${total.toFixed(0)} ms, idle ${idle.toFixed(0)} ms; shares below are of the busy ${busy.toFixed(0)} ms`];
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    if (name.startsWith("(idle)")) continue;
    lines.push(`  ${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`);
  }
  return lines.join("\n");
}
