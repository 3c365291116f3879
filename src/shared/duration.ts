/** The units a catalogue duration may use, in milliseconds. */
export const UNIT_MILLISECONDS: Readonly<Record<string, number>> = { millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** `1 minute`, `30 seconds`, `500 milliseconds` -> milliseconds; undefined when unreadable. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?) ?([a-z]+?)s?$/.exec(text.trim());
  const unit = match ? UNIT_MILLISECONDS[match[2]!] : undefined;
  if (!match || unit === undefined) return undefined;
  return Number(match[1]) * unit;
}

export const DURATION_UNITS = Object.keys(UNIT_MILLISECONDS);

/**
 * Milliseconds as people write them, in the largest unit that holds them exactly: 360000 ->
 * `6 minutes`, 600 -> `600 milliseconds`; 1500 -> `1.5 seconds` (tenths of a second, which
 * parseDuration reads back, read better than a four-digit count of milliseconds).
 */
export function durationText(milliseconds: number): string {
  const units = Object.entries(UNIT_MILLISECONDS).sort(([, a], [, b]) => b - a);
  const [unit, size] = units.find(([, size]) => Number.isInteger(milliseconds / size)) ?? ["millisecond", 1];
  if (size === 1 && milliseconds >= 1000 && Number.isInteger(milliseconds / 100)) return plural(milliseconds / 1000, "second");
  return plural(milliseconds / size, unit);
}

/** `1 minute`, `6 minutes`: an amount and its unit, as a catalogue duration is written. */
export function plural(amount: number, unit: string): string {
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}
