// Numbers as the tables show them.
export const ms = (value: number | undefined): string => (value === undefined ? "-" : value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
export const mib = (value: number | undefined): string => (value === undefined ? "-" : `${Math.round(value)} MiB`);
export const kb = (bytes: number | undefined): string => (bytes === undefined ? "-" : bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
export const ratio = (ours: number | undefined, theirs: number | undefined): string =>
  ours === undefined || theirs === undefined || ours === 0 ? "-" : `${(theirs / ours).toFixed(2)}x`;

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
