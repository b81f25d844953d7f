import { colourEnabled, createStyle, type Style } from './style';

/** Where a command writes, injectable so tests and commands share one shape. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  readonly outStyle: Style;
  readonly errStyle: Style;
}

export function processOutput(): Output {
  return {
    out: (text) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    outStyle: createStyle(colourEnabled(process.stdout)),
    errStyle: createStyle(colourEnabled(process.stderr)),
  };
}

/** Resolves once everything written so far has left (a pipe reader may be slower than us). */
export function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.writableLength === 0) resolve();
    else stream.write('', () => resolve());
  });
}
