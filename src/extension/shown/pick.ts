import * as vscode from 'vscode';
import { render, renderOptional, type Text } from './text';

/**
 * Quick picks. The row draws label, description and detail with codicons, and VS Code
 * shows the description and the detail again as a Markdown hover (HTML escaped, Markdown
 * not, icons on): every part goes through the 'pick' rendering, which breaks links,
 * images, autolinks and icons while reading the same.
 */
export interface PickItem<T> {
  label: Text;
  description?: Text;
  detail?: Text;
  picked?: boolean;
  value: T;
}

export interface PickOptions {
  title?: Text;
  placeHolder?: Text;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
  ignoreFocusOut?: boolean;
}

type Rendered<T> = vscode.QuickPickItem & { value: T };

function toItems<T>(items: readonly PickItem<T>[]): Rendered<T>[] {
  return items.map((item) => ({
    label: render(item.label, 'pick'),
    description: renderOptional(item.description, 'pick'),
    detail: renderOptional(item.detail, 'pick'),
    picked: item.picked,
    value: item.value,
  }));
}

function toOptions(options: PickOptions): vscode.QuickPickOptions {
  return {
    title: renderOptional(options.title, 'iconLine'),
    placeHolder: renderOptional(options.placeHolder, 'iconLine'),
    matchOnDescription: options.matchOnDescription,
    matchOnDetail: options.matchOnDetail,
    ignoreFocusOut: options.ignoreFocusOut,
  };
}

/**
 * The value of the picked item; undefined when dismissed. `active` is the index of the item
 * Enter takes before the user moves (the first without it): showQuickPick cannot start
 * elsewhere, so that case is a createQuickPick.
 */
export async function pickOne<T>(items: readonly PickItem<T>[], options: PickOptions & { active?: number }): Promise<T | undefined> {
  if (!options.active) return (await vscode.window.showQuickPick(toItems(items), toOptions(options)))?.value;
  const pick = vscode.window.createQuickPick<Rendered<T>>();
  const shown = toOptions(options);
  // A QuickPick spells it placeholder, the options placeHolder.
  pick.title = shown.title;
  pick.placeholder = shown.placeHolder;
  pick.matchOnDescription = shown.matchOnDescription ?? false;
  pick.matchOnDetail = shown.matchOnDetail ?? false;
  pick.ignoreFocusOut = shown.ignoreFocusOut ?? false;
  pick.items = toItems(items);
  pick.activeItems = [pick.items[options.active]!];
  return new Promise<T | undefined>((resolve) => {
    let picked: T | undefined;
    pick.onDidAccept(() => {
      picked = pick.selectedItems[0]?.value;
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(picked);
    });
    pick.show();
  });
}

export async function pickMany<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
  const picked = await vscode.window.showQuickPick(toItems(items), { ...toOptions(options), canPickMany: true });
  return picked?.map((p) => p.value);
}

/** Workspace folder pick: the names are the user's own folders. */
export function pickFolder(placeHolder: Text): Thenable<vscode.WorkspaceFolder | undefined> {
  return vscode.window.showWorkspaceFolderPick({ placeHolder: render(placeHolder, 'iconLine') });
}
