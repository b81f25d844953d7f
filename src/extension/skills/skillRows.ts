import * as vscode from 'vscode';
import type { Skill } from '../../core/skills/schema';
import type { SkillsState } from '../serverEntry';
import { describe, name, SafeMarkdown, say, treeItem } from '../shown';

export const OPEN_SKILL = 'mcpLens.openSkill';

/** The Skills row under a server that declares the MCP Skills extension (SEP-2640). */
export function skillsGroupItem(state: SkillsState | undefined): vscode.TreeItem {
  const count = state && 'skills' in state ? state.skills.length : 0;
  const item = treeItem(say`Skills`, count ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon('book');
  item.contextValue = 'mcpLensGroup.skills';
  if (state && 'error' in state) {
    describe(item, say`could not list: ${state.error}`);
    item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  } else {
    const invalid = state?.invalid ?? 0;
    // An invalid entry is not shown: "hosts MUST NOT load it"; skill-entry-invalid says what is wrong.
    describe(item, invalid ? say`${count} · ${invalid} invalid (see Problems)` : say`${count}`);
  }
  return item;
}

/** One skill: its name as the server wrote it, the SKILL.md URI and the description beside it; opening it reads and verifies SKILL.md. */
export function skillItem(server: string, skill: Skill): vscode.TreeItem {
  const item = treeItem(say`${name(skill.frontmatter.name)}`);
  item.iconPath = new vscode.ThemeIcon('lightbulb');
  describe(item, say`${skill.uri} · ${skill.frontmatter.description.split('\n')[0]}`);
  item.contextValue = 'mcpLensSkill';
  item.command = { command: OPEN_SKILL, title: 'Open Skill', arguments: [{ server, uri: skill.uri }] };
  return item;
}

/** The hover: the description as prose (never trusted Markdown), the URI and what the entry lists. */
export function skillTooltip(skill: Skill): vscode.MarkdownString {
  const files =
    skill.resources === 'dynamic'
      ? 'generated on demand ("resources": "dynamic"): no digests to verify against'
      : `${skill.resources.length} file${skill.resources.length === 1 ? '' : 's'}, ${skill.resources.reduce((n, r) => n + r.size, 0)} bytes, each with its SHA-256 digest`;
  return new SafeMarkdown()
    .line(say`${name(skill.frontmatter.name)} — a skill the server publishes`)
    .prose(skill.frontmatter.description)
    .line(say`${skill.uri}`)
    .line(say`Files: ${files}`)
    .build();
}
