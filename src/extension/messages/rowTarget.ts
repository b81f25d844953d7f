import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import type { MessageNode } from './nodes';
import type { SelectedServer } from './selection';
import type { MessagesElement, MessagesView } from './view';

export interface MessageCommandDeps {
  registry: ServerRegistry;
  selection: SelectedServer;
  view: MessagesView;
  log: Log;
  /** Reveals a stderr line in the panel (evidence that is not a message). */
  revealOutput(serverKey: string, seq: number): Promise<boolean>;
}

/** The events a row stands for, in wire order. */
export function eventsOf(node: MessageNode) {
  if (node.type === 'exchange') return [node.request, ...(node.response ? [node.response] : [])];
  return [node.event];
}

function isMessageNode(element: unknown): element is MessageNode {
  const type = (element as { type?: unknown } | undefined)?.type;
  return type === 'exchange' || type === 'notification' || type === 'stray' || type === 'meta' || type === 'response';
}

/**
 * The row a command acts on: the one it was invoked on (context menu), one given as
 * (server, seq) (keybindings, tests), or the view's selection.
 */
export function targetRow(deps: MessageCommandDeps, arg?: MessagesElement | string, seq?: number): MessageNode | undefined {
  if (typeof arg === 'string') {
    const entry = deps.registry.get(arg);
    if (entry) deps.selection.select(entry.key);
    return seq === undefined ? undefined : entry?.session?.messages.nodeOf(Number(seq));
  }
  const node = arg ?? deps.view.view.selection[0];
  return isMessageNode(node) ? node : undefined;
}
