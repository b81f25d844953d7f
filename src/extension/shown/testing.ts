import * as vscode from 'vscode';
import { render, type Text } from './text';

/** A Test Explorer row: labels are drawn with codicons, so server names get them escaped. */
export function testItem(
  controller: vscode.TestController,
  id: string,
  label: Text,
  uri: vscode.Uri | undefined,
  description?: Text,
): vscode.TestItem {
  const item = controller.createTestItem(id, render(label, 'iconLine'), uri);
  if (description) item.description = render(description, 'plainLine');
  return item;
}

/**
 * A failure in the Test Results peek. `sides` are the two documents of its diff editor: they
 * are shown as document text (like any file), so they pass exactly, not rendered.
 */
export function testMessage(
  message: Text,
  location: vscode.Location | undefined,
  sides?: { expected: string; actual: string },
): vscode.TestMessage {
  const text = render(message, 'problem');
  const m = sides ? vscode.TestMessage.diff(text, sides.expected, sides.actual) : new vscode.TestMessage(text);
  m.location = location;
  return m;
}

/** A Test Explorer row's description (a case's latest pass count), or none. */
export function setTestDescription(item: vscode.TestItem, description: Text | undefined): void {
  item.description = description === undefined ? undefined : render(description, 'plainLine');
}

/** Why a test file cannot run, shown on its row. */
export function setTestError(item: vscode.TestItem, error: Text | undefined): void {
  item.error = error === undefined ? undefined : render(error, 'problem');
}
