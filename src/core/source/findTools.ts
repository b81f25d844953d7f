/**
 * Finds tool definitions in server source, for code lenses. Token-based, not regex-based:
 * commented-out registrations and text inside strings never match, calls may span lines.
 */
import { findJsTools } from './findJsTools';
import { findPyTools } from './findPyTools';
import type { SourceLanguage, ToolDefinition } from './toolDefinition';

export type { SourceLanguage, ToolDefinition, ToolDefinitionKind } from './toolDefinition';

export function findToolDefinitions(text: string, language: SourceLanguage): ToolDefinition[] {
  return language === 'py' ? findPyTools(text) : findJsTools(text);
}

/** The finder language for a file name, or undefined when no finder reads it. */
export function languageOf(fileName: string): SourceLanguage | undefined {
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  switch (ext) {
    case 'ts':
    case 'tsx':
    case 'mts':
    case 'cts':
      return 'ts';
    case 'js':
    case 'jsx':
    case 'mjs':
    case 'cjs':
      return 'js';
    case 'py':
    case 'pyi':
      return 'py';
    default:
      return undefined;
  }
}
