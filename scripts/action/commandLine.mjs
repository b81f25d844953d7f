// The inputs as mcp-lens arguments. Pure functions: the test checks them without a runner.

/** The commands the action runs; each writes a JSON report with --json (the job summary). */
export const COMMANDS = ['check', 'test', 'fuzz', 'diff'];
/** Those that write JUnit and SARIF themselves (`--junit FILE`, `--sarif FILE`). */
export const REPORTING = ['test', 'fuzz'];

/**
 * A command line split into words as a POSIX shell would, quotes and backslashes included,
 * without running a shell: `node "my server.mjs" --flag` is three words, `$X` stays `$X`.
 */
export function splitWords(line) {
  const words = [];
  let word = '';
  let inWord = false;
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = '';
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = '';
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in: ${line}`);
  if (inWord) words.push(word);
  return words;
}

/** `server` (a command line) or `url` with one `Name: value` header per line of `headers`. */
export function serverArgs({ server, url, headers }) {
  if (server && url) throw new Error('give either "server" (a command line) or "url", not both');
  if (server) return ['--', ...splitWords(server)];
  if (!url) return [];
  const lines = (headers ?? '').split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  for (const line of lines) if (!/^[!#$%&'*+.^`|~\w-]+:/.test(line)) throw new Error(`a "headers" line is not "Name: value": ${line.split(':')[0]}`);
  return ['--url', url, ...lines.flatMap((line) => ['--header', line])];
}

/** The arguments of one run of `command` (diff runs check twice first: see run.mjs). */
export function commandArgs(inputs) {
  const { command } = inputs;
  if (command === 'diff') throw new Error('diff runs as diffArgs');
  if (!COMMANDS.includes(command)) throw new Error(`"command" is ${JSON.stringify(command)}; one of ${COMMANDS.join(', ')}`);
  const reports = [];
  for (const kind of ['sarif', 'junit']) {
    if (!inputs[kind]) continue;
    if (!REPORTING.includes(command)) throw new Error(`mcp-lens ${command} writes no ${kind === 'sarif' ? 'SARIF' : 'JUnit'} report (${REPORTING.join(' and ')} do): leave "${kind}" empty`);
    reports.push(`--${kind}`, inputs[kind]);
  }
  const failOn = inputs['fail-on'] ? ['--fail-on', inputs['fail-on']] : [];
  if (failOn.length && !['check', 'diff'].includes(command)) throw new Error(`"fail-on" applies to check and diff, not ${command}`);
  const server = serverArgs(inputs);
  if (server.length === 0 && command !== 'test') throw new Error(`mcp-lens ${command} needs a server: set "server" (a command line) or "url"`);
  return [command, ...splitWords(inputs.args ?? ''), ...reports, ...failOn, '--json', ...server];
}

/**
 * `diff` against the base branch: `check --json` of the server in each checkout, then
 * `diff --json OLD NEW` of the two reports (what changed, each change breaking or not).
 */
export function diffArgs(inputs) {
  const server = serverArgs(inputs);
  if (server.length === 0) throw new Error('mcp-lens diff needs a server: set "server" (a command line) or "url"');
  for (const kind of ['sarif', 'junit']) if (inputs[kind]) throw new Error(`mcp-lens diff writes no ${kind === 'sarif' ? 'SARIF' : 'JUnit'} report: leave "${kind}" empty`);
  return {
    check: ['check', ...splitWords(inputs.args ?? ''), '--fail-on', 'never', '--json', ...server],
    diff: (before, after) => ['diff', ...(inputs['fail-on'] ? ['--fail-on', inputs['fail-on']] : []), '--json', before, after],
  };
}

/** The words to print: header values stand for secrets, and GitHub masks only registered ones. */
export function printable(args) {
  // A header's value never prints; a word with a space is quoted, as a person would type it.
  const shown = (word) => (/\s/.test(word) ? JSON.stringify(word) : word);
  return args.map((word, i) => shown(args[i - 1] === '--header' ? `${word.split(':')[0]}: ***` : word)).join(' ');
}
