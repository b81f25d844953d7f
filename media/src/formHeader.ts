/**
 * The tool panel's header: the tool's title (its name with hidden characters written out),
 * its name when the title differs, the server's state badge, and the description.
 */
import type { ToolSummary } from '../../src/extension/tools/protocol';
import { showInvisibles, visibleName } from '../../src/core/text/invisibles';
import { el } from './dom';

/** The header, and the badge that renderStatus fills with the server's state. */
export function toolHeader(tool: ToolSummary): { header: HTMLElement; status: HTMLElement } {
  const header = el('header', { className: 'tool-header' });
  // The name with its hidden characters written out: `delete_all⟨U+200B⟩` never passes for `delete_all`.
  const titleRow = el(
    'div',
    { className: 'title-row' },
    el('h1', { text: tool.title ? showInvisibles(tool.title) : visibleName(tool.name) }),
  );
  if (tool.title && tool.title !== tool.name) titleRow.appendChild(el('code', { className: 'tool-name', text: visibleName(tool.name) }));
  const status = el('span', { className: 'server-badge' });
  titleRow.appendChild(status);
  header.appendChild(titleRow);
  if (tool.description) header.appendChild(el('p', { className: 'tool-description', text: tool.description }));
  return { header, status };
}
