import { line } from '../../core/agent/bounds';
import { exitSentence } from '../../core/diagnose/exitStory';
import { LIST_KINDS, type ServerEntry } from '../serverEntry';

/** One server's state in a few lines: what it is, whether it runs, its era, its lists and faults. */
export function serverStatus(entry: ServerEntry): string {
  const state = entry.state;
  const parts = [`- ${line(entry.name, 80)} (${entry.config.type}, ${line(entry.commandLine(), 200)}): ${state.kind}`];
  if (state.kind === 'crashed') parts[0] += `: ${line(exitSentence(state), 300)}`;
  if (state.kind === 'error') parts[0] += `: ${line(state.message, 300)}`;
  if (entry.info) {
    const server = entry.info.serverInfo
      ? `, server "${line(entry.info.serverInfo.name, 80)}" ${line(entry.info.serverInfo.version ?? '', 40)}`
      : '';
    parts.push(`  era: ${entry.info.era}, protocol ${entry.info.protocolVersion}${server}`);
  }
  const lists = LIST_KINDS.map((kind) => {
    const list = entry.lists[kind];
    return list === undefined ? undefined : 'items' in list ? `${list.items.length} ${kind}` : `${kind}: failed (${line(list.error, 120)})`;
  }).filter(Boolean);
  if (lists.length) parts.push(`  lists: ${lists.join(', ')}`);
  const diagnostics = entry.session?.diagnostics ?? [];
  if (diagnostics.length) {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    parts.push(
      `  diagnostics: ${diagnostics.length} (${errors} error${errors === 1 ? '' : 's'}): ${[...new Set(diagnostics.map((d) => d.rule))].join(', ')}`,
    );
  }
  if ((state.kind === 'crashed' || state.kind === 'error') && state.stderrTail.length) {
    parts.push(
      `  last stderr: ${state.stderrTail
        .slice(-3)
        .map((l) => line(l, 200))
        .join(' | ')}`,
    );
  }
  if (entry.configChanged) parts.push('  its config changed while it ran: restart it to apply');
  return parts.join('\n');
}
