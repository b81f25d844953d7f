import type * as vscode from 'vscode';
import { SafeMarkdown } from './markdown';
import { render, type Text } from './text';

/**
 * What chat shows while a language-model tool runs, and the confirmation it asks for before
 * one that runs code: server names in them are written out, and the confirmation's Markdown
 * is built from escaped parts only.
 */
export function toolInvocation(invocation: Text, confirm?: { title: Text; message: Text }): vscode.PreparedToolInvocation {
  const prepared: vscode.PreparedToolInvocation = { invocationMessage: render(invocation, 'plainLine') };
  if (confirm)
    prepared.confirmationMessages = {
      title: render(confirm.title, 'plainLine'),
      message: new SafeMarkdown().line(confirm.message).build(),
    };
  return prepared;
}
