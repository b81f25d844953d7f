import * as vscode from 'vscode';
import { AskBroker, type PendingAsk } from './askBroker';
import type { Log } from '../log';
import { AskPanels } from './askPanel';
import { isAskReply, type AskReply } from './askProtocol';

export const ASK_COMMANDS = {
  /** The asks waiting for an answer and where they are shown (for tests; hidden from the palette). */
  pending: 'mcpLens.asks.pending',
  /** Answers an ask as its webview would (for tests; hidden from the palette). */
  answer: 'mcpLens.asks.answer',
} as const;

/** The editor's answers to a server's elicitation and sampling requests (issue 11). */
export function registerAsks(context: vscode.ExtensionContext, log: Log): { broker: AskBroker; disposables: vscode.Disposable[] } {
  const panels: AskPanels = new AskPanels(context.extensionUri, (): AskBroker => broker, log);
  const broker: AskBroker = new AskBroker((entry) => panels.for(entry));
  return {
    broker,
    disposables: [
      broker,
      panels,
      vscode.commands.registerCommand(ASK_COMMANDS.pending, (): PendingAsk[] => broker.list((surface) => !panels.isPanel(surface))),
      vscode.commands.registerCommand(ASK_COMMANDS.answer, (reply: AskReply) =>
        reply && isAskReply(reply) ? broker.answer(reply) : undefined,
      ),
    ],
  };
}
