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
