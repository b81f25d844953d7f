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

/** What the host does with a definition past the limit: refuses the request, or cuts the text and goes on. */
export type LimitEffect = 'rejects' | 'truncates';

/**
 * The subset of JSON Schema a host takes for a tool's parameters. Each flag says whether the
 * host accepts that construct anywhere in `inputSchema`.
 */
export interface SchemaLimits {
  /** The only keywords the host's schema object has (absent: any keyword). */
  keywords?: readonly string[];
  /** `type: ["string", "null"]`. */
  typeUnions: boolean;
  /** `$ref` (and the `$defs` / `definitions` it points into). */
  refs: boolean;
  /** `true` / `false` in place of a schema object. */
  booleanSchemas: boolean;
  /** A schema object with no `type` (and no `anyOf` to take its place). */
  untyped: boolean;
  /** The top level must be `type: "object"`. */
  rootObject: boolean;
}

export interface HostProfile {
  id: string;
  name: string;
  /** Tool names the host accepts (a regular expression source, anchored) and what it says in words. */
  toolName?: DocumentedLimit<{ pattern: string; words: string }>;
  /** The most tools the host sends to the model at once. */
  maxTools?: DocumentedLimit<number>;
  /** The longest tool description the host passes on whole. */
  description?: DocumentedLimit<{ maxChars: number; effect: LimitEffect }>;
  /** The JSON Schema the host takes as a tool's parameters. */
  schema?: DocumentedLimit<SchemaLimits>;
}

/** Gemini's `Schema` object: a select subset of the OpenAPI 3.0 schema object, field by field. */
const GEMINI_SCHEMA_FIELDS = [
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
] as const;

export const HOST_PROFILES: readonly HostProfile[] = [
  {
    id: 'openai',
    name: 'OpenAI API (function calling)',
    toolName: {
      value: { pattern: '^[a-zA-Z0-9_-]{1,64}$', words: 'a-z, A-Z, 0-9, underscores and dashes, at most 64 characters' },
      source: 'https://platform.openai.com/docs/api-reference/chat/create (tools[].function.name)',
    },
    maxTools: {
      value: 128,
      source: 'https://platform.openai.com/docs/api-reference/chat/create (tools: "A max of 128 functions are supported")',
    },
    schema: {
      value: { typeUnions: true, refs: true, booleanSchemas: true, untyped: true, rootObject: true },
      source: 'https://platform.openai.com/docs/guides/function-calling (parameters: a JSON Schema object)',
    },
  },
  {
    id: 'anthropic',
    name: 'Claude API (tool use)',
    toolName: {
      value: { pattern: '^[a-zA-Z0-9_-]{1,64}$', words: 'a-z, A-Z, 0-9, underscores and dashes, 1 to 64 characters' },
      source: 'https://docs.anthropic.com/en/api/messages (tools[].name)',
    },
    schema: {
      value: { typeUnions: true, refs: true, booleanSchemas: true, untyped: true, rootObject: true },
      source: 'https://docs.anthropic.com/en/api/messages (tools[].input_schema: type "object" is required)',
    },
  },
  {
    id: 'claude-code',
    name: 'Claude Code',
    description: {
      value: { maxChars: 2048, effect: 'truncates' },
      source: 'https://code.claude.com/docs/en/mcp (tool descriptions and server instructions are cut at 2 KB)',
    },
  },
  {
    id: 'gemini',
    name: 'Gemini API (function declarations)',
    toolName: {
      value: {
        pattern: '^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$',
        words: 'a letter or an underscore, then a-z, A-Z, 0-9, underscores, dots, colons and dashes, at most 64 characters',
      },
      source: 'https://ai.google.dev/api/caching#FunctionDeclaration (name)',
    },
    schema: {
      value: { keywords: GEMINI_SCHEMA_FIELDS, typeUnions: false, refs: false, booleanSchemas: false, untyped: false, rootObject: true },
      source:
        'https://ai.google.dev/api/caching#Schema (parameters: a select subset of the OpenAPI 3.0 schema object; type is required and takes one value)',
    },
  },
  {
    id: 'cursor',
    name: 'Cursor',
    maxTools: {
      value: 40,
      source: 'https://docs.cursor.com/context/model-context-protocol (limitations: only the first 40 tools are sent to the agent)',
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
