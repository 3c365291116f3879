/** The candidate nearest to `word` by edit distance, when it is near enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const best = nearestOf(word, candidates);
  return best !== undefined && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined;
}

/** The candidate nearest to `word` by edit distance, however far (the first of equals); undefined when there is none. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  return nearestOf(word, candidates)?.candidate;
}

function nearestOf(word: string, candidates: readonly string[]): { candidate: string; distance: number } | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
