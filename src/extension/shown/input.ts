import * as vscode from 'vscode';
import { renderOptional, type Text } from './text';

/**
 * Input boxes. Their prompt and validation message are parsed for `[label](command:…)`
 * links and drawn with codicons; a schema's `description` or `pattern` lands there.
 */
export interface InputOptions {
  title?: Text;
  prompt?: Text;
  placeHolder?: Text;
  /** What the box starts with: the user's own editable value, not rendered. */
  value?: string;
  valueSelection?: [number, number];
  password?: boolean;
  ignoreFocusOut?: boolean;
  validate?: (value: string) => Text | undefined;
}

export function askText(options: InputOptions): Thenable<string | undefined> {
  const validate = options.validate;
  return vscode.window.showInputBox({
    title: renderOptional(options.title, 'iconLine'),
    prompt: renderOptional(options.prompt, 'iconLine'),
    placeHolder: renderOptional(options.placeHolder, 'iconLine'),
    value: options.value,
    valueSelection: options.valueSelection,
    password: options.password,
    ignoreFocusOut: options.ignoreFocusOut,
    validateInput: validate && ((value) => renderOptional(validate(value), 'iconLine')),
  });
}
