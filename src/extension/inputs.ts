import * as vscode from 'vscode';
import type { InputDefinition, ServerConfig } from '../core/config/types';
import { askText, pickOne, say } from './shown';

const SECRET_PREFIX = 'mcpLens.input:';
const STORED_KEYS = 'mcpLens.storedInputKeys';

/**
 * Values for `${input:id}`. Asked once per session (per config file and id); `password`
 * inputs are kept in SecretStorage so they survive restarts, as VS Code does for its own.
 */
export class InputResolver {
  private readonly session = new Map<string, string>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {}

  async resolve(input: InputDefinition, server: ServerConfig): Promise<string | undefined> {
    const key = `${server.file.path}#${input.id}`;
    const known = this.session.get(key);
    if (known !== undefined) return known;
    if (input.password) {
      const stored = await this.secrets.get(SECRET_PREFIX + key);
      if (stored !== undefined) {
        this.session.set(key, stored);
        return stored;
      }
    }
    const title = say`MCP Lens: ${server.name} needs "${input.id}"`;
    const placeHolder = say`${input.description ?? input.id}`;
    const value =
      input.type === 'pickString'
        ? await pickOne(
            (input.options ?? []).map((o) => ({ label: say`${o}`, value: o })),
            { title, placeHolder, ignoreFocusOut: true },
          )
        : await askText({ title, prompt: placeHolder, password: input.password, value: input.default, ignoreFocusOut: true });
    if (value === undefined) return undefined;
    this.session.set(key, value);
    if (input.password) {
      await this.secrets.store(SECRET_PREFIX + key, value);
      const keys = new Set(this.state.get<string[]>(STORED_KEYS, []));
      keys.add(key);
      await this.state.update(STORED_KEYS, [...keys]);
    }
    return value;
  }

  /** Forgets every remembered value, including the stored secrets; returns how many there were. */
  async clear(): Promise<number> {
    const keys = this.state.get<string[]>(STORED_KEYS, []);
    const count = new Set([...this.session.keys(), ...keys]).size;
    this.session.clear();
    await Promise.all(keys.map((key) => this.secrets.delete(SECRET_PREFIX + key)));
    await this.state.update(STORED_KEYS, []);
    return count;
  }
}
