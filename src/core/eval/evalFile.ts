/**
 * An eval file (`*.mcpeval.json`, JSON with comments): which server, and cases a model must
 * get right with that server's tools. schemas/mcpeval.schema.json describes the same shape
 * for the editor; this zod schema is what the runner trusts, and it names the wrong field.
 */
import { findNodeAtLocation, getNodeValue } from 'jsonc-parser';
import * as z from 'zod';
import { parseJsonc } from '../config/jsonc';
import type { ServerRef } from '../testing/testFile';

export const EVAL_FILE_SUFFIX = '.mcpeval.json';

const regex = z.string().refine((s) => {
  try {
    new RegExp(s, 'u');
    return true;
  } catch {
    return false;
  }
}, 'not a valid regular expression');

const textCheck = z.union([z.string(), z.array(z.string())]);

/** How the arguments of the expected call are matched. */
const argsMatch = z.strictObject({
  /** The whole argument object, exactly. */
  equals: z.record(z.string(), z.unknown()).optional().describe('The whole argument object, exactly (no other keys)'),
  /** Each named argument's text form must match this regular expression. */
  patterns: z.record(z.string(), regex).optional().describe('Per argument, a regular expression its text must match'),
  /** A JSON Schema the arguments must satisfy. */
  schema: z
    .union([z.record(z.string(), z.unknown()), z.boolean()])
    .optional()
    .describe('A JSON Schema the arguments must satisfy'),
});

const expectation = z
  .strictObject({
    tool: z.string().min(1).optional().describe('The tool the model must call'),
    anyOf: z.array(z.string().min(1)).min(1).optional().describe('Tools any one of which the model must call'),
    /** Partial: every key given must be there with that value; others may be too. */
    args: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Arguments the call must have (a partial match: other arguments may be there too)'),
    argsMatch: argsMatch.optional().describe('Stricter argument matching: exact, by pattern, by JSON Schema'),
    notTools: z.array(z.string().min(1)).optional().describe('Tools the model must not call'),
    answer: z
      .strictObject({ contains: textCheck.optional(), notContains: textCheck.optional(), matches: regex.optional() })
      .optional()
      .describe('What the final answer must (not) contain, case-insensitively, or match'),
    /** Graded by a model (the one under test unless --judge-model): pass or fail, with a reason. */
    judge: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'What a good final answer does, in words: a judge model grades each final answer against it (pass or fail, with a one-line reason); by default the model under test, or --judge-model',
      ),
  })
  .refine((e) => !(e.tool && e.anyOf), '"tool" and "anyOf" contradict each other: give one');

const message = z.strictObject({ role: z.enum(['user', 'assistant', 'system']), content: z.string() });

const evalCase = z
  .strictObject({
    name: z.string().min(1),
    prompt: z.string().min(1).optional().describe("The user's message"),
    /** A conversation so far; the last message is the user's. */
    messages: z.array(message).min(1).optional().describe("A conversation so far instead of a prompt; it ends with the user's message"),
    expect: expectation.default({}),
    repeat: z.int().min(1).max(1000).optional().describe('How many times this case runs (its pass rate is over these)'),
    maxSteps: z.int().min(1).max(100).optional().describe('Model turns before the case fails without an answer (default 8)'),
  })
  .refine((c) => (c.prompt === undefined) !== (c.messages === undefined), 'give "prompt" or "messages" (one of them)')
  .refine((c) => c.messages === undefined || c.messages[c.messages.length - 1].role === 'user', '"messages" must end with a user message');

const server = z
  .union([
    z.string().min(1),
    z.strictObject({ command: z.array(z.string()).min(1), cwd: z.string().optional(), env: z.record(z.string(), z.string()).optional() }),
    z.strictObject({ url: z.url() }),
  ])
  .describe(
    'A server name from .vscode/mcp.json (or .mcp.json, .cursor/mcp.json), {"command": ["node", "server.js"]} (relative to this file), or {"url": "https://…"}',
  );

export const evalFileSchema = z.strictObject({
  $schema: z.string().optional(),
  server,
  /** A system prompt every case starts with (what a host would say about itself). */
  system: z.string().optional().describe('A system prompt every case starts with'),
  repeat: z.int().min(1).max(1000).optional(),
  maxSteps: z.int().min(1).max(100).optional(),
  cases: z.array(evalCase).min(1),
});

export type EvalExpect = z.infer<typeof expectation>;
export type EvalMessageText = z.infer<typeof message>;

export interface EvalCase {
  name: string;
  /** The conversation the model starts from (a prompt is one user message). */
  messages: EvalMessageText[];
  expect: EvalExpect;
  repeat: number;
  maxSteps: number;
  /** 1-based line of the case's object, where failures are shown. */
  line: number;
}

export type EvalServer = ServerRef | { url: string };

export interface EvalFile {
  path: string;
  server: EvalServer | undefined;
  system?: string;
  cases: EvalCase[];
  problems: { line: number; message: string }[];
}

const DEFAULT_MAX_STEPS = 8;

/** Reads an eval file; what is wrong is a problem at its line, and the file runs only without problems. */
export function parseEvalFile(path: string, text: string): EvalFile {
  const doc = parseJsonc(text.replace(/^\uFEFF/, ''));
  const file: EvalFile = { path, server: undefined, cases: [], problems: doc.errors.map((e) => ({ line: e.line, message: e.message })) };
  if (file.problems.length || !doc.root) {
    if (!doc.root) file.problems.push({ line: 1, message: 'an eval file is a JSON object with "server" and "cases"' });
    return file;
  }
  const root = doc.root;
  const lineOf = (at: PropertyKey[]) => {
    const node = findNodeAtLocation(
      root,
      at.filter((p): p is string | number => typeof p !== 'symbol'),
    );
    return node ? doc.lines.line(node.offset) + 1 : 1;
  };
  const parsed = evalFileSchema.safeParse(getNodeValue(root));
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      file.problems.push({ line: lineOf(issue.path), message: `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` });
    return file;
  }
  const value = parsed.data;
  file.server = serverOf(value.server);
  if (value.system !== undefined) file.system = value.system;
  const names = new Set<string>();
  value.cases.forEach((c, index) => {
    if (names.has(c.name))
      return void file.problems.push({
        line: lineOf(['cases', index]),
        message: `cases.${index}: the name ${JSON.stringify(c.name)} is used twice in this file`,
      });
    names.add(c.name);
    file.cases.push({
      name: c.name,
      messages: c.messages ?? [{ role: 'user', content: c.prompt! }],
      expect: c.expect,
      repeat: c.repeat ?? value.repeat ?? 1,
      maxSteps: c.maxSteps ?? value.maxSteps ?? DEFAULT_MAX_STEPS,
      line: lineOf(['cases', index]),
    });
  });
  return file;
}

function serverOf(value: z.infer<typeof server>): EvalServer {
  if (typeof value === 'string') return { name: value };
  if ('url' in value) return { url: value.url };
  const [command, ...args] = value.command;
  return { command, args, ...(value.cwd !== undefined ? { cwd: value.cwd } : {}), ...(value.env ? { env: value.env } : {}) };
}
