import { colourEnabled, createStyle, type Style } from './style';
import { terminalSafe } from './terminalSafe';

/** Where a command writes, injectable so tests and commands share one shape. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /**
   * A line on stderr that the next one replaces (what a long run is doing now), shown only
   * when stderr is a terminal; `undefined` clears it. Anything written after clears it too.
   */
  status?(text: string | undefined): void;
  readonly outStyle: Style;
  readonly errStyle: Style;
}

/** A terminal status line is redrawn at most this often: a fuzz run can make thousands of calls a second. */
const STATUS_EVERY_MS = 100;
const CLEAR_LINE = '\r\u001b[2K';

export function processOutput(): Output {
  // `mcp-lens check … | head`: once the reader has gone (EPIPE), stop writing and finish the
  // run (close the server, keep the exit code) instead of dying on an unhandled 'error'.
  let readerGone = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    readerGone = true;
  });
  const status = process.stderr.isTTY ? terminalStatus(process.stderr) : undefined;
  return {
    out: (text) => {
      status?.clear();
      if (!readerGone) process.stdout.write(withNewline(terminalSafe(text)));
    },
    err: (text) => {
      status?.clear();
      process.stderr.write(withNewline(terminalSafe(text)));
    },
    ...(status ? { status: (text: string | undefined) => (text === undefined ? status.clear() : status.show(text)) } : {}),
    outStyle: createStyle(colourEnabled(process.stdout)),
    errStyle: createStyle(colourEnabled(process.stderr)),
  };
}

/** The status line of a terminal: redrawn in place, cut to the terminal's width so that it never wraps. */
function terminalStatus(stream: NodeJS.WriteStream): { show(text: string): void; clear(): void } {
  let shown = false;
  let drawnAt = 0;
  // The newest text not drawn yet: drawn when its turn comes, so a long wait shows what it waits on.
  let pending: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const draw = (text: string) => {
    drawnAt = Date.now();
    shown = true;
    const width = Math.max(10, (stream.columns || 80) - 1);
    const safe = terminalSafe(text);
    stream.write(`${CLEAR_LINE}${safe.length > width ? `${safe.slice(0, width - 1)}…` : safe}`);
  };
  return {
    show(text) {
      const wait = drawnAt + STATUS_EVERY_MS - Date.now();
      if (wait <= 0) {
        pending = undefined;
        return draw(text);
      }
      pending = text;
      timer ??= setTimeout(() => {
        timer = undefined;
        if (pending !== undefined) draw(pending);
        pending = undefined;
      }, wait).unref();
    },
    clear() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      if (!shown) return;
      shown = false;
      stream.write(CLEAR_LINE);
    },
  };
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** Resolves once everything written so far has left (a pipe reader may be slower than us). */
export function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.writableLength === 0) resolve();
    else stream.write('', () => resolve());
  });
}
