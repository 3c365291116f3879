/** Relative, posix, inside the output folder: no empty, `.` or `..` segments, no odd characters. */
export function isSafeOutputPath(path: string): boolean {
  // Two scans, no segments made: asked of every planned and listed file (10,000 at a large API).
  return SEGMENTS.test(path) && !DOTS.test(path);
}

/** Segments of word characters, `.` and `-`, joined by single slashes. */
const SEGMENTS = /^[\w.-]+(?:\/[\w.-]+)*$/;
/** A segment that is `.` or `..`. */
const DOTS = /(?:^|\/)\.\.?(?:\/|$)/;
