/** Relative, posix, inside the output folder: no empty, `.` or `..` segments, no odd characters. */
export function isSafeOutputPath(path: string): boolean {
  return path.split("/").every((segment) => /^[\w.-]+$/.test(segment) && segment !== "." && segment !== "..");
}
