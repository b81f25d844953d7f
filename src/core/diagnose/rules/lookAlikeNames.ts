import { lookAlikeGroups } from '../../names/toolNames';
import { visibleName } from '../../text/invisibles';
import { onFirstAnswer } from '../answer';
import type { Rule } from '../rule';

const LISTS: Record<string, { key: string; field: 'name' | 'uri'; what: string }> = {
  'tools/list': { key: 'tools', field: 'name', what: 'tools' },
  'prompts/list': { key: 'prompts', field: 'name', what: 'prompts' },
  'resources/list': { key: 'resources', field: 'name', what: 'resources' },
};

/**
 * Two names in one list that differ only by invisible or look-alike characters: a person
 * picking one cannot tell which they pick. Names SHOULD be unique (2025-11-25 Tools › Tool
 * Names); these are unique only to a machine.
 */
export const lookAlikeNames: Rule = {
  id: 'look-alike-names',
  stage: 'negotiation',
  severity: 'warning',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    const list = LISTS[r.method];
    const items = list && msg.result?.[list.key];
    if (!list || !Array.isArray(items)) return;
    const names = items.map((i: Record<string, unknown>) => i?.[list.field]).filter((n): n is string => typeof n === 'string');
    // Pages of tools/list: the names of earlier pages are already in the context.
    const earlier = r.method === 'tools/list' ? [...ctx.tools.keys()] : [];
    for (const group of lookAlikeGroups([...earlier, ...names])) {
      if (!group.some((n) => names.includes(n))) continue;
      report({
        message: `${list.what} ${group.map((n) => `"${visibleName(n).slice(0, 200)}"`).join(' and ')} look the same: they differ only by invisible or look-alike characters`,
        evidence: [r.seq, e.seq],
        hint: 'A person picking one of them cannot tell which one runs. Give each a distinct name of plain ASCII letters, digits, _, - and . (MCP Lens shows the hidden characters as ⟨U+XXXX⟩).',
      });
    }
  }),
};
