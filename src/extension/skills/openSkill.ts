import * as vscode from 'vscode';
import { checkSkillFile } from '../../core/skills/skillFile';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { name, render, say, showError, untrusted } from '../shown';
import type { JsonDocuments } from '../tools/jsonDocuments';
import { OPEN_SKILL } from './skillRows';

/** What Open Skill did: the document it opened, or why it opened none (tests read it). */
export type OpenSkillOutcome = { opened: vscode.TextDocument } | { refused: string };

/**
 * Open Skill (a Skills row): reads the skill's SKILL.md with resources/read only now, when asked
 * ("A SKILL.md is fetched when the skill is loaded"), verifies it against the entry the listing
 * holds (size, SHA-256 digest, frontmatter: SEP-2640 "Integrity and Verification"), and shows it
 * as a read-only plain-text document, hidden characters written out: never rendered as Markdown
 * or HTML. A file that fails verification is not shown ("hosts MUST NOT use the unverified content").
 */
export function registerSkillCommands(deps: { registry: ServerRegistry; documents: JsonDocuments; log: Log }): vscode.Disposable[] {
  const refuse = (message: ReturnType<typeof say>): OpenSkillOutcome => {
    void showError(message);
    return { refused: render(message, 'notification') };
  };
  const open = async (arg?: { server?: string; uri?: string }): Promise<OpenSkillOutcome> => {
    const entry = arg?.server === undefined ? undefined : deps.registry.get(arg.server);
    const skill = entry?.skills && 'skills' in entry.skills ? entry.skills.skills.find((s) => s.uri === arg?.uri) : undefined;
    if (!entry || !skill) return refuse(say`MCP Lens: no listed skill ${arg?.uri ?? ''} on "${arg?.server ?? ''}".`);
    const client = entry.client;
    if (!client) return refuse(say`MCP Lens: "${entry.name}" is not running: start it to read its skills.`);
    let contents: unknown;
    try {
      contents = (await client.request('resources/read', { uri: skill.uri })).contents;
    } catch (error) {
      deps.log.warn(`[${entry.name}] reading ${skill.uri} failed: ${error instanceof Error ? error.message : String(error)}`);
      return refuse(
        say`MCP Lens: reading ${skill.uri} from "${entry.name}" failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const file = checkSkillFile(skill, contents);
    if ('missing' in file) return refuse(say`MCP Lens: ${file.missing}.`);
    if (file.faults.length)
      return refuse(
        say`MCP Lens: the SKILL.md of ${name(skill.frontmatter.name)} is not what its entry describes, so it is not opened: ${file.faults.join('; ')}`,
      );
    const text = render(untrusted(file.text), 'document');
    return { opened: await deps.documents.showText(`${skill.frontmatter.name} SKILL.md`, text, 'plaintext') };
  };
  return [vscode.commands.registerCommand(OPEN_SKILL, open)];
}
