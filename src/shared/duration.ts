const UNITS: Record<string, number> = { millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** `1 minute`, `30 seconds`, `500 milliseconds` -> milliseconds; undefined when unreadable. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?) ?([a-z]+?)s?$/.exec(text.trim());
  const unit = match ? UNITS[match[2]!] : undefined;
  if (!match || unit === undefined) return undefined;
  return Number(match[1]) * unit;
}

export const DURATION_UNITS = Object.keys(UNITS);
