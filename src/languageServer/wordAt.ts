const WORD = /-?\d+(?:\.\d+)?|[A-Za-z_$][\w$]*(?:[/.-][\w$]+)*/g;

/** The number or identifier (methods like `tools/list` included) under a character of a line. */
export function wordAt(text: string, character: number): { word: string; start: number; end: number } | undefined {
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    if (m.index > character) return undefined;
    if (character <= m.index + m[0].length) return { word: m[0], start: m.index, end: m.index + m[0].length };
  }
  return undefined;
}
