/** Offsets where each line of a text starts (native indexOf: fast on a 70 MB trace). */
export function lineStarts(text: string): Int32Array {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  const starts = new Int32Array(count);
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
  return starts;
}

/** The text of a line without its line break (\n or \r\n). */
export function lineOf(text: string, starts: Int32Array, line: number): string {
  if (line < 0 || line >= starts.length) return '';
  const end = line + 1 < starts.length ? starts[line + 1] - 1 : text.length;
  return text.slice(starts[line], end > starts[line] && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
}
