/**
 * What each host documents about the tool definitions it accepts, one entry per host, each
 * limit with the page it comes from. This is the one place to update when a host changes its
 * rules; a limit with no documentation to cite is left out rather than guessed.
 */
export interface DocumentedLimit<T> {
  value: T;
  /** The host's documentation that states the limit. */
  source: string;
}

export interface HostProfile {
  id: string;
  name: string;
  /** Tool names the host accepts (a regular expression source, anchored) and what it says in words. */
  toolName?: DocumentedLimit<{ pattern: string; words: string }>;
  /** The most tools the host sends to the model at once. */
  maxTools?: DocumentedLimit<number>;
}

export const HOST_PROFILES: readonly HostProfile[] = [
  {
    id: 'openai',
    name: 'OpenAI API (function calling)',
    toolName: {
      value: { pattern: '^[a-zA-Z0-9_-]{1,64}$', words: 'a-z, A-Z, 0-9, underscores and dashes, at most 64 characters' },
      source: 'https://platform.openai.com/docs/api-reference/chat/create (tools[].function.name)',
    },
    maxTools: { value: 128, source: 'https://platform.openai.com/docs/api-reference/chat/create (tools: "A max of 128 functions are supported")' },
  },
  {
    id: 'anthropic',
    name: 'Claude API (tool use)',
    toolName: {
      value: { pattern: '^[a-zA-Z0-9_-]{1,64}$', words: 'a-z, A-Z, 0-9, underscores and dashes, 1 to 64 characters' },
      source: 'https://docs.anthropic.com/en/api/messages (tools[].name)',
    },
  },
  {
    id: 'gemini',
    name: 'Gemini API (function declarations)',
    toolName: {
      value: { pattern: '^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$', words: 'starts with a letter or an underscore; a-z, A-Z, 0-9, underscores, dots, colons and dashes; at most 64 characters' },
      source: 'https://ai.google.dev/api/caching#FunctionDeclaration (name)',
    },
  },
  {
    id: 'vscode',
    name: 'VS Code (GitHub Copilot chat)',
    maxTools: { value: 128, source: 'https://code.visualstudio.com/docs/copilot/chat/chat-tools (at most 128 tools in a chat request)' },
  },
];

export function hostProfile(id: string): HostProfile | undefined {
  return HOST_PROFILES.find((h) => h.id === id);
}
