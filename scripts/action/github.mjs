// The files a GitHub Actions runner reads back from a step: its outputs ($GITHUB_OUTPUT), the
// PATH of later steps ($GITHUB_PATH) and the job summary ($GITHUB_STEP_SUMMARY). Outside a
// runner (a test, a laptop) an unset variable means the line is printed instead.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/** An input as action.yml passes it: `INPUT_<NAME>` (upper case, `-` as `_`), trimmed. */
export function input(name) {
  return (process.env[`INPUT_${name.toUpperCase().replaceAll('-', '_')}`] ?? '').trim();
}

/** A step output; the delimiter form, so a value can never end the record early. */
export function setOutput(name, value) {
  const delimiter = `mcp-lens-${randomUUID()}`;
  append('GITHUB_OUTPUT', `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

export function addPath(dir) {
  append('GITHUB_PATH', `${dir}\n`);
}

export function appendSummary(markdown) {
  append('GITHUB_STEP_SUMMARY', markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

function append(variable, text) {
  const file = process.env[variable];
  if (file) appendFileSync(file, text);
  else process.stdout.write(text);
}

/** A usage error in the inputs: GitHub shows `::error::` lines as annotations. Exit 2, like the CLI's. */
export function fail(message) {
  console.log(`::error title=mcp-lens action::${message.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')}`);
  process.exit(2);
}
