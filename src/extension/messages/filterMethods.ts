import { name, pickMany, say, showInfo } from '../shown';
import type { MessagesView } from './view';

/** Filter Messages by Method…: the methods seen so far, with their counts; the ones picked stay in view. */
export async function filterMethods(view: MessagesView): Promise<void> {
  const methods = view.session?.messages.methods;
  if (!methods || methods.size === 0) {
    void showInfo(say`MCP Lens: no messages to filter yet.`);
    return;
  }
  const current = view.filter.methods;
  const picked = await pickMany(
    [...methods]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([method, count]) => ({
        label: say`${name(method)}`,
        description: say`${count}`,
        picked: !current || current.has(method),
        value: method,
      })),
    { placeHolder: say`Show the messages of these methods` },
  );
  if (!picked) return;
  view.setFilter({ methods: picked.length === methods.size ? undefined : new Set(picked) });
}
