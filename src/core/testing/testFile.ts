/**
 * A test file (`*.mcptest.json`, JSON with comments): which server, and saved tool calls with
 * what their results must satisfy. schemas/mcptest.schema.json describes the same shape for
 * the editor; this reader is what the runner trusts, and it says what is wrong and where.
 */
import { findNodeAtLocation, getNodeValue, type Node } from 'jsonc-parser';
import { parseJsonc } from '../config/jsonc';
import { isRecord } from '../schema/isRecord';

export type Severity = 'error' | 'warning' | 'info';

export interface Expectations {
  /** Whether the tool should fail as a tool (an `isError` result). Default false. */
  isError?: boolean;
  /** A JSON value the result must contain: objects by key, arrays element by element. */
  result?: unknown;
  /** The whole result as last accepted (`--update-snapshots` / "Update Snapshot" writes it). */
  snapshot?: unknown;
  /** JSON Pointers into the result left out of `result` and `snapshot` (times, ids). */
  ignore?: string[];
  /** The text content (all text blocks joined by newlines). */
  text?: { contains?: string | string[]; matches?: string };
  maxLatencyMs?: number;
  /** No diagnostic of this severity or worse may be raised by the call's messages. */
  noDiagnostics?: Severity;
}

export interface SavedCall {
  name: string;
  tool: string;
  arguments: Record<string, unknown>;
  expect: Expectations;
  /** 1-based line of the test's object, where failures are shown. */
  line: number;
  index: number;
}

/** How to start the server: a name from the workspace's MCP config files, or a command. */
export type ServerRef = { name: string } | { command: string; args: string[]; cwd?: string; env?: Record<string, string> };

export interface TestFile {
  path: string;
  server: ServerRef | undefined;
  timeoutMs?: number;
  tests: SavedCall[];
  problems: { line: number; message: string }[];
}

export const TEST_FILE_SUFFIX = '.mcptest.json';
const SEVERITIES: readonly string[] = ['error', 'warning', 'info'];

/** Reads a test file; a broken test is a problem at its line and the others still run. */
export function parseTestFile(path: string, text: string): TestFile {
  const doc = parseJsonc(text.replace(/^\uFEFF/, ''));
  const file: TestFile = { path, server: undefined, tests: [], problems: doc.errors.map((e) => ({ line: e.line, message: e.message })) };
  const root = doc.root;
  const value: unknown = root ? getNodeValue(root) : undefined;
  if (!isRecord(value)) {
    file.problems.push({ line: 1, message: 'a test file is a JSON object with "server" and "tests"' });
    return file;
  }
  const lineOf = (path: (string | number)[]) => {
    const node: Node | undefined = root && findNodeAtLocation(root, path);
    return node ? doc.lines.line(node.offset) + 1 : 1;
  };
  file.server = serverRef(value, (message) => file.problems.push({ line: lineOf(['server']), message }));
  if (value.timeoutMs !== undefined) {
    if (isPositive(value.timeoutMs)) file.timeoutMs = value.timeoutMs;
    else file.problems.push({ line: lineOf(['timeoutMs']), message: '"timeoutMs" must be a positive number' });
  }
  if (!Array.isArray(value.tests)) {
    file.problems.push({ line: 1, message: '"tests" must be an array of saved calls' });
    return file;
  }
  const names = new Set<string>();
  value.tests.forEach((entry, index) => {
    const line = lineOf(['tests', index]);
    const problem = (message: string) => file.problems.push({ line, message: `tests[${index}]: ${message}` });
    const call = savedCall(entry, index, line, problem);
    if (!call) return;
    if (names.has(call.name)) return problem(`the name ${JSON.stringify(call.name)} is used twice in this file`);
    names.add(call.name);
    file.tests.push(call);
  });
  return file;
}

function serverRef(value: Record<string, unknown>, problem: (message: string) => void): ServerRef | undefined {
  if (typeof value.server === 'string' && value.server !== '') return { name: value.server };
  if (Array.isArray(value.command) && value.command.length > 0 && value.command.every((w) => typeof w === 'string')) {
    const [command, ...args] = value.command as string[];
    const env = isRecord(value.env)
      ? Object.fromEntries(Object.entries(value.env).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : undefined;
    return { command, args, ...(typeof value.cwd === 'string' ? { cwd: value.cwd } : {}), ...(env ? { env } : {}) };
  }
  problem(
    'say which server to test: "server": a name from .vscode/mcp.json (or .mcp.json, .cursor/mcp.json), or "command": ["node", "server.js"]',
  );
  return undefined;
}

function savedCall(entry: unknown, index: number, line: number, problem: (message: string) => void): SavedCall | undefined {
  if (!isRecord(entry)) return void problem('a saved call is an object with "name", "tool", "arguments" and "expect"');
  if (typeof entry.name !== 'string' || entry.name === '') return void problem('"name" is required');
  if (typeof entry.tool !== 'string' || entry.tool === '') return void problem('"tool" is required');
  if (entry.arguments !== undefined && !isRecord(entry.arguments)) return void problem('"arguments" must be an object');
  const expect = entry.expect ?? {};
  if (!isRecord(expect)) return void problem('"expect" must be an object');
  const wrong = expectationProblem(expect);
  if (wrong) return void problem(wrong);
  return {
    name: entry.name,
    tool: entry.tool,
    arguments: (entry.arguments as Record<string, unknown> | undefined) ?? {},
    expect: expect as Expectations,
    line,
    index,
  };
}

function expectationProblem(e: Record<string, unknown>): string | undefined {
  if (e.isError !== undefined && typeof e.isError !== 'boolean') return '"expect.isError" must be true or false';
  if (
    e.ignore !== undefined &&
    !(Array.isArray(e.ignore) && e.ignore.every((p) => typeof p === 'string' && (p === '' || p.startsWith('/'))))
  ) {
    return '"expect.ignore" must be a list of JSON Pointers ("/structuredContent/time")';
  }
  if (e.text !== undefined) {
    if (!isRecord(e.text)) return '"expect.text" must be an object with "contains" and/or "matches"';
    const contains = e.text.contains;
    if (
      contains !== undefined &&
      typeof contains !== 'string' &&
      !(Array.isArray(contains) && contains.every((c) => typeof c === 'string'))
    )
      return '"expect.text.contains" must be a string or a list of strings';
    if (e.text.matches !== undefined) {
      if (typeof e.text.matches !== 'string') return '"expect.text.matches" must be a regular expression string';
      try {
        new RegExp(e.text.matches, 'u');
      } catch (error) {
        return `"expect.text.matches" is not a valid regular expression: ${(error as Error).message}`;
      }
    }
  }
  if (e.maxLatencyMs !== undefined && !isPositive(e.maxLatencyMs)) return '"expect.maxLatencyMs" must be a positive number';
  if (e.noDiagnostics !== undefined && !SEVERITIES.includes(String(e.noDiagnostics)))
    return '"expect.noDiagnostics" must be "error", "warning" or "info"';
  return undefined;
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
