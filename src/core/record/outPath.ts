/**
 * The trace file `mcp-lens record --out` writes: `{timestamp}` becomes the launch time, so a
 * host that starts the server again (Claude Desktop does on every launch) never overwrites
 * the previous session. UTC, sortable, and safe in a file name on every platform.
 */
export function expandOutPath(out: string, at: Date = new Date()): string {
  if (!out.includes('{timestamp}')) return out;
  const stamp = at.toISOString().replace(/:/g, '-').replace('.', '-');
  return out.split('{timestamp}').join(stamp);
}
