// The job summary is Markdown that GitHub renders with some HTML allowed: everything a
// server sent (names, messages, titles) goes in as a code span, where no markup, link,
// mention or HTML takes effect, with control and bidi characters shown by code point.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
const MAX_CELL = 160;

/** Server text as an inert, readable code span: never empty, never more than one line. */
export function code(value) {
  let text = String(value ?? '')
    .replace(INVISIBLE, (c) => (/\s/.test(c) && c !== '\u2028' && c !== '\u2029' ? ' ' : `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`))
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return '(empty)';
  if (text.length > MAX_CELL) text = `${text.slice(0, MAX_CELL - 1)}…`;
  // A table cell ends at an unescaped "|", inside a code span too (GFM).
  text = text.replaceAll('|', '\\|');
  const fence = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

export function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- |').join('')}`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

const SEVERITY = { error: '❌ error', warning: '⚠️ warning', info: 'ℹ️ info' };
const severity = (level) => SEVERITY[level] ?? code(level);

function diagnosticsTable(diagnostics) {
  if (!diagnostics?.length) return 'No diagnostics.';
  return table(['Severity', 'Rule', 'Stage', 'Message'], diagnostics.map((d) => [severity(d.severity), code(d.rule), d.stage ? code(d.stage) : '', code(d.message)]));
}

function check(report) {
  const info = report.server?.serverInfo;
  const who = info ? `${code(`${info.name} ${info.version}`)}` : 'The server';
  const counts = ['tools', 'resources', 'resourceTemplates', 'prompts'].map((kind) => `${report[kind]?.length ?? 0} ${kind === 'resourceTemplates' ? 'resource templates' : kind}`).join(', ');
  return [`${who}: ${report.era ?? 'unknown'} era, protocol ${code(report.protocolVersion ?? 'none')}; ${counts}.`, '', diagnosticsTable(report.diagnostics)];
}

function test(report) {
  const rows = (report.files ?? []).flatMap((file) => [
    ...(file.problems ?? []).map((p) => [code(file.file), '', '❌ could not run', code(`line ${p.line}: ${p.message}`)]),
    ...(file.tests ?? []).map((t) => [code(file.file), code(t.name), t.status === 'passed' ? '✅ passed' : `❌ ${t.status}`, code((t.failures ?? []).map((f) => (typeof f === 'string' ? f : f.message ?? JSON.stringify(f))).join('; ') || '')]),
  ]);
  return [`${report.passed ?? 0} passed, ${report.failed ?? 0} failed.`, '', rows.length ? table(['File', 'Test', 'Result', 'Failures'], rows) : 'No tests found.'];
}

function fuzz(report) {
  const tools = report.tools ?? [];
  const findings = tools.flatMap((t) => t.findings ?? []);
  const lines = [`${report.calls ?? 0} calls to ${tools.length} tools (seed ${report.seed}, ${report.runs} runs each); ${findings.length} findings.`, ''];
  lines.push(table(['Tool', 'Calls', 'Findings'], tools.map((t) => [code(t.tool), String(t.calls ?? 0), String(t.findings?.length ?? 0)])));
  if (findings.length) lines.push('', table(['Severity', 'Rule', 'Tool', 'Input', 'Message'], findings.map((f) => [severity(f.severity), code(f.rule), code(f.tool), code(JSON.stringify(f.args)), code(f.message)])));
  return lines;
}

function diff(report) {
  const changes = report.changes ?? [];
  if (changes.length === 0) return ['No changes to tools, resources or prompts against the base branch.'];
  return [
    `${changes.length} changes against the base branch, ${report.breaking ?? 0} breaking.`,
    '',
    table(['Kind', 'Item', 'Change', 'Breaking'], changes.map((c) => [c.kind, code(c.item), code(c.text), c.breaking ? `❌ ${code(c.reason)}` : 'no'])),
  ];
}

const RENDER = { check, test, fuzz, diff };
const VERDICT = { 0: '✅ passed', 1: '❌ failed', 2: '❌ usage error' };

/** The summary of one run: a title with the verdict, then the report as tables. */
export function summaryMarkdown(command, exitCode, report) {
  const title = `### mcp-lens ${command}: ${VERDICT[exitCode] ?? `❌ exit code ${exitCode}`}`;
  if (report === undefined) return `${title}\n\nThe command wrote no report; see the step's log.\n`;
  return [title, '', ...(RENDER[command]?.(report) ?? []), ''].join('\n');
}
