import * as vscode from 'vscode';
import { render, type Text } from './text';

/**
 * Notifications. VS Code turns `[label](command:…)` in a message into a link that runs
 * the command, so a message is always a `Text`; the buttons are our own words.
 */
export function showInfo(message: Text, ...buttons: string[]): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(render(message, 'notification'), ...buttons);
}

export function showWarning(message: Text, ...buttons: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(render(message, 'notification'), ...buttons);
}

export function showError(message: Text, ...buttons: string[]): Thenable<string | undefined> {
  return vscode.window.showErrorMessage(render(message, 'notification'), ...buttons);
}

/** A modal question: the detail is shown as plain text in the dialog. */
export function askModal(message: Text, detail: Text, ...buttons: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(render(message, 'notification'), { modal: true, detail: render(detail, 'dialog') }, ...buttons);
}

/** The transient status bar message (drawn with icons). */
export function showStatus(message: Text, hideAfterMs: number): vscode.Disposable {
  return vscode.window.setStatusBarMessage(render(message, 'iconLine'), hideAfterMs);
}

/**
 * A notification that closes by itself once `until` settles. VS Code cannot close a toast
 * shown with showInformationMessage; one shown with withProgress closes when its task ends.
 * Progress notifications take no buttons of ours, only Cancel, which closes just this one.
 */
export function showUntil(message: Text, until: Promise<unknown>): Thenable<void> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: render(message, 'notification'), cancellable: true },
    (_progress, token) =>
      new Promise<void>((resolve) => {
        const cancelled = token.onCancellationRequested(() => resolve());
        void until
          .then(
            () => resolve(),
            () => resolve(),
          )
          .finally(() => cancelled.dispose());
      }),
  );
}

/** A status bar item that runs `command` when clicked, its words and tooltip rendered as any other icon line. */
export function statusItem(text: Text, tooltip: Text, command: vscode.Command, priority: number): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, priority);
  item.text = render(text, 'iconLine');
  item.tooltip = render(tooltip, 'notification');
  item.command = command;
  item.show();
  return item;
}
