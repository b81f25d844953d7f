/**
 * Whether a file whose mtime is `mtimeMs` was written before `time` (both ms since the epoch).
 * A whole-second mtime may come from a file system that keeps no more (FAT, HFS+): it is taken
 * to be that second's last moment, so that a save in the second a server started still counts
 * as after it.
 */
export function writtenBefore(mtimeMs: number, time: number): boolean {
  return (mtimeMs % 1000 === 0 ? mtimeMs + 999 : mtimeMs) < time;
}
