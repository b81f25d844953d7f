import { skillsDeclaration } from '../core/skills/protocol';
import { nameText, terminalText } from '../core/text';
import type { Style } from './style';
import type { ServerSummary } from './summary';

function names(items: Record<string, unknown>[], key: string): string {
  const shown = items.slice(0, 12).map((i) => nameText(String(i[key] ?? '?')));
  return shown.join(', ') + (items.length > shown.length ? `, … (${items.length - shown.length} more)` : '');
}

/** The headline of a check: who answered, in which era, and what it offers. */
export function summaryLines(s: ServerSummary, style: Style): string[] {
  if (s.era === null && s.serverInfo === null) {
    const how = s.exit ? `: the server ${s.exit}` : '';
    return [style.dim(`No MCP session was established${how} (see the diagnostics below).`)];
  }
  const who = s.serverInfo ? terminalText(`${s.serverInfo.name} ${s.serverInfo.version}`.trim()) : 'unknown server';
  const era = s.era ? `${s.era} era, protocol ${s.protocolVersion ?? '?'}` : 'era not established';
  const caps = s.capabilities ? terminalText(Object.keys(s.capabilities).join(', ')) || 'none' : '—';
  const list = (label: string, items: Record<string, unknown>[], key: string) =>
    `  ${style.dim(label.padEnd(14))}${items.length}${items.length > 0 ? `  ${names(items, key)}` : ''}`;
  return [
    `${style.bold(who)}  ${style.dim(era)}`,
    `  ${style.dim('capabilities'.padEnd(14))}${caps}`,
    list('tools', s.tools, 'name'),
    list('resources', s.resources, 'uri'),
    list('templates', s.resourceTemplates, 'uriTemplate'),
    list('prompts', s.prompts, 'name'),
    ...(s.skills.length || skillsDeclaration(s.capabilities ?? undefined) ? [list('skills', s.skills, 'uri')] : []),
    ...(s.exit ? [`  ${style.dim('process'.padEnd(14))}${style.red(s.exit)}`] : []),
  ];
}
