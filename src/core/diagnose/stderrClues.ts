import type { StderrLine } from './context';

// Argument parsers: Node's parseArgs, argparse, click, commander, yargs.
const BAD_ARGUMENTS =
  /ERR_PARSE_ARGS|unrecognized arguments?|unknown (?:option|argument|command)|invalid (?:option|argument)|missing required (?:option|argument)|^usage:/i;

/**
 * Causes that are the same on every attempt: a missing file, directory or module, code that
 * does not parse, arguments the server refuses, a permission. Retrying cannot fix them.
 */
const PERMANENT = [
  /Cannot find module|ERR_MODULE_NOT_FOUND/,
  /ModuleNotFoundError|No module named|ImportError/,
  /\bENOENT\b|No such file or directory/,
  /\bEACCES\b|Permission denied/,
  /command not found|is not recognized as an internal or external command/,
  /\bSyntaxError\b|IndentationError/,
  BAD_ARGUMENTS,
];

// The lines that say why a process died, most telling first.
const SPECIFIC = [
  /Cannot find module|ERR_MODULE_NOT_FOUND/,
  /ModuleNotFoundError|No module named|ImportError/,
  /\bENOENT\b|No such file or directory/,
  /\bEACCES\b|Permission denied/,
  /command not found|is not recognized as an internal or external command/,
  /\bEADDRINUSE\b/,
  BAD_ARGUMENTS,
];
// A Python traceback ends with the exception line; Node prints `Error: …` after the code frame.
const EXCEPTION = /^\s*(?:[\w.]+(?:Error|Exception|Exit|Interrupt)|Error|panic)\b.*?:/;

/** The stderr line that best explains an exit, e.g. `Error: Cannot find module 'x'` or a Traceback's last line. */
export function tellingLine(lines: readonly StderrLine[]): StderrLine | undefined {
  for (const pattern of SPECIFIC) {
    const hits = lines.filter((l) => pattern.test(l.text));
    // `throw new ERR_MODULE_NOT_FOUND(` and `code: 'ENOENT'` match too; the error line says more.
    const hit = hits.find((l) => /Error\b.*:/.test(l.text)) ?? hits[0];
    if (hit) return hit;
  }
  const exceptions = lines.filter((l) => EXCEPTION.test(l.text));
  if (exceptions.length > 0) {
    // In a traceback the last exception line is the cause; Node's first `Error:` is.
    const traceback = lines.some((l) => l.text.startsWith('Traceback'));
    return traceback ? exceptions[exceptions.length - 1] : exceptions[0];
  }
  const traceback = lines.find((l) => l.text.startsWith('Traceback'));
  if (traceback) return traceback;
  return [...lines].reverse().find((l) => l.text.trim() !== '');
}

export function stderrTail(lines: readonly StderrLine[], n = 5): StderrLine[] {
  return lines.filter((l) => l.text.trim() !== '').slice(-n);
}

/** What to do about the cause a stderr line names. */
export function hintForStderr(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (/Cannot find module|ERR_MODULE_NOT_FOUND/.test(text)) {
    return 'A module is missing: run npm install (or build the server first) and check the path to the entry file and its working directory.';
  }
  if (/ModuleNotFoundError|No module named|ImportError/.test(text)) {
    return "A Python package is missing from the interpreter that ran the server: install it there (pip install / uv add) or point the command at the project's virtualenv python.";
  }
  if (/\bENOENT\b|No such file or directory/.test(text))
    return 'A file or directory the server needs does not exist: check the paths in its arguments, env and cwd.';
  if (/\bEACCES\b|Permission denied/.test(text)) return 'Permission denied: check file modes and that the server may read what it opens.';
  if (/command not found|is not recognized/.test(text))
    return 'A command the server runs is not on PATH: install it or use an absolute path.';
  if (BAD_ARGUMENTS.test(text))
    return 'The server refused its arguments: compare the args in the config with its usage (run it with --help in a terminal).';
  if (/\bSyntaxError\b|IndentationError/.test(text))
    return 'The server code does not parse: fix the syntax error (or rebuild it) before starting it again.';
  if (/\bEADDRINUSE\b/.test(text))
    return 'A port is already in use: a stdio server should not listen on a port, or another copy is still running.';
  return undefined;
}

/**
 * Whether starting the server again can help, judged by the stderr line that explains the
 * exit: not for a cause that stays (ENOENT, a missing module, a syntax error, bad arguments).
 * With nothing telling, it may have been passing (a crash, a port still in use).
 */
export function retryCanHelp(text: string | undefined): boolean {
  return text === undefined || !PERMANENT.some((p) => p.test(text));
}
