/** A collapsible JSON tree (details/summary), built from DOM nodes and text only. */
import { el } from './dom';

const MAX_CHILDREN = 200;

export function jsonTree(value: unknown, openDepth = 2): HTMLElement {
  return el('div', { className: 'json-tree' }, node(undefined, value, 0, openDepth));
}

function node(key: string | undefined, value: unknown, depth: number, openDepth: number): HTMLElement {
  const keyPart = key === undefined ? undefined : el('span', { className: 'json-key', text: key });
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
    const summaryText = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    if (entries.length === 0)
      return el(
        'div',
        { className: 'json-row' },
        keyPart,
        keyPart && ': ',
        el('span', { className: 'json-punct', text: Array.isArray(value) ? '[]' : '{}' }),
      );
    const details = el(
      'details',
      { className: 'json-node' },
      el('summary', {}, keyPart, keyPart && ': ', el('span', { className: 'json-punct', text: summaryText })),
    );
    details.open = depth < openDepth;
    const children = el('div', { className: 'json-children' });
    for (const [k, v] of entries.slice(0, MAX_CHILDREN)) children.appendChild(node(k, v, depth + 1, openDepth));
    if (entries.length > MAX_CHILDREN)
      children.appendChild(el('div', { className: 'json-more', text: `… ${entries.length - MAX_CHILDREN} more` }));
    details.appendChild(children);
    return details;
  }
  return el('div', { className: 'json-row' }, keyPart, keyPart && ': ', scalar(value));
}

function scalar(value: unknown): HTMLElement {
  if (typeof value === 'string') {
    const shown = value.length > 2000 ? `${value.slice(0, 2000)}… (${value.length} characters)` : value;
    return el('span', { className: 'json-string', text: JSON.stringify(shown) });
  }
  if (typeof value === 'number') return el('span', { className: 'json-number', text: String(value) });
  if (typeof value === 'boolean') return el('span', { className: 'json-boolean', text: String(value) });
  return el('span', { className: 'json-null', text: value === undefined ? 'undefined' : 'null' });
}
