import { colourEnabled, createStyle, type Style } from './style';

/** Where a command writes, injectable so tests and commands share one shape. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  readonly outStyle: Style;
  readonly errStyle: Style;
}

export function processOutput(): Output {
  // `mcp-lens check … | head`: once the reader has gone (EPIPE), stop writing and finish the
  // run (close the server, keep the exit code) instead of dying on an unhandled 'error'.
  let readerGone = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    readerGone = true;
  });
  return {
    out: (text) => {
      if (!readerGone) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    },
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
