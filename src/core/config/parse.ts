import { getNodeValue, stripComments, type Node } from 'jsonc-parser';
import { describeType, parseJsonc, properties, property, type LineIndex } from './jsonc';
import { checkVariables } from './variables';
import type { ConfigFile, ConfigProblem, DevConfig, InputDefinition, ParsedConfig, ServerConfig } from './types';

/** Collects problems with positions for one file. */
class Problems {
  readonly list: ConfigProblem[] = [];
  constructor(
    private readonly file: ConfigFile,
    readonly lines: LineIndex,
  ) {}
  add(
    node: Node | undefined,
    message: string,
    where: { server?: string; field?: string } = {},
    severity: ConfigProblem['severity'] = 'error',
  ): void {
    const position = node ? this.lines.position(node.offset) : undefined;
    this.list.push({ file: this.file.path, ...where, message, ...position, severity });
  }
}

/**
 * Reads one config file's text. `.vscode/mcp.json` keeps servers under `servers` (with
 * `inputs`); `.mcp.json`, `.cursor/mcp.json` and Claude Desktop under `mcpServers`.
 * A faulty server or field is reported and skipped; every other server still loads.
 */
export function parseConfig(file: ConfigFile, text: string): ParsedConfig {
  const { root, errors, lines } = parseJsonc(text);
  const problems = new Problems(file, lines);
  if (stripComments(text).trim() === '') {
    problems.add(undefined, 'the file is empty');
    return { servers: [], inputs: [], problems: problems.list };
  }
  // One slip (a missing quote) makes the parser report a cascade; the first error is the one to fix.
  if (errors.length > 0) {
    const [first] = errors;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more syntax error${errors.length > 2 ? 's' : ''} after it)` : '';
    problems.list.push({ file: file.path, message: first.message + more, line: first.line, column: first.column, severity: 'error' });
  }
  if (!root) {
    return { servers: [], inputs: [], problems: problems.list };
  }
  if (root.type !== 'object') {
    problems.add(root, `expected an object at the top level, found ${describeType(root)}`);
    return { servers: [], inputs: [], problems: problems.list };
  }

  // Claude Code keeps a project's own servers inside its user file, under projects[<folder>]:
  // a folder it has no entry for simply has none.
  let holder: Node | undefined = root;
  for (const key of file.within ?? []) holder = holder?.type === 'object' ? property(holder, key) : undefined;
  if (!holder || holder.type !== 'object') return { servers: [], inputs: [], problems: problems.list };

  let serversKey = file.kind === 'vscode' ? 'servers' : 'mcpServers';
  let serversNode = property(holder, serversKey);
  const otherKey = serversKey === 'servers' ? 'mcpServers' : 'servers';
  if (!serversNode && property(holder, otherKey)) {
    serversNode = property(holder, otherKey);
    problems.add(
      serversNode,
      `this file keeps its servers under "${serversKey}", not "${otherKey}" (read anyway)`,
      { field: otherKey },
      'warning',
    );
    serversKey = otherKey;
  }

  const inputs = file.kind === 'vscode' ? readInputs(property(root, 'inputs'), problems) : [];
  const servers: ServerConfig[] = [];
  if (serversNode && serversNode.type !== 'object') {
    problems.add(serversNode, `"${serversKey}" must be an object mapping names to servers, found ${describeType(serversNode)}`, {
      field: serversKey,
    });
  } else if (serversNode) {
    const inputIds = new Set(inputs.map((i) => i.id));
    for (const { key, keyNode, value } of properties(serversNode)) {
      const server = readServer(file, key, keyNode, value, inputs, inputIds, problems);
      if (server) servers.push(server);
    }
  }
  return { servers, inputs, problems: problems.list };
}

function readInputs(node: Node | undefined, problems: Problems): InputDefinition[] {
  if (!node) return [];
  if (node.type !== 'array') {
    problems.add(node, `"inputs" must be an array, found ${describeType(node)}`, { field: 'inputs' });
    return [];
  }
  const inputs: InputDefinition[] = [];
  (node.children ?? []).forEach((item, index) => {
    const field = `inputs[${index}]`;
    if (item.type !== 'object') return problems.add(item, `an input must be an object, found ${describeType(item)}`, { field });
    const value = getNodeValue(item) as Record<string, unknown>;
    if (typeof value.id !== 'string' || value.id === '') return problems.add(item, 'an input needs a string "id"', { field });
    const type = value.type ?? 'promptString';
    if (type !== 'promptString' && type !== 'pickString') {
      return problems.add(
        property(item, 'type'),
        `input "${value.id}": type "${String(type)}" is not supported (promptString, pickString)`,
        { field: `${field}.type` },
      );
    }
    const options = Array.isArray(value.options)
      ? value.options.map((o) => (typeof o === 'object' && o && 'value' in o ? String(o.value) : String(o)))
      : undefined;
    if (type === 'pickString' && !options?.length) {
      return problems.add(item, `input "${value.id}": a pickString input needs "options"`, { field: `${field}.options` });
    }
    inputs.push({
      id: value.id,
      type,
      description: typeof value.description === 'string' ? value.description : undefined,
      password: value.password === true,
      default: typeof value.default === 'string' ? value.default : undefined,
      options,
    });
  });
  return inputs;
}

function readServer(
  file: ConfigFile,
  name: string,
  keyNode: Node,
  node: Node | undefined,
  inputs: InputDefinition[],
  inputIds: ReadonlySet<string>,
  problems: Problems,
): ServerConfig | undefined {
  const report = (at: Node | undefined, field: string | undefined, message: string, severity: ConfigProblem['severity'] = 'error') =>
    problems.add(at ?? keyNode, message, { server: name, field }, severity);
  if (!node || node.type !== 'object') {
    report(node, undefined, `server "${name}" must be an object, found ${node ? describeType(node) : 'nothing'}`);
    return undefined;
  }
  const field = (key: string) => property(node, key);
  const str = (key: string): string | undefined | false => {
    const n = field(key);
    if (!n) return undefined;
    if (n.type !== 'string') {
      report(n, key, `"${key}" must be a string, found ${describeType(n)}`);
      return false;
    }
    const value = String(n.value);
    const bad = checkVariables(value, file.kind, inputIds, file.workspaceFolder !== undefined);
    for (const message of bad) report(n, key, message);
    return bad.length ? false : value;
  };

  const typeValue = str('type');
  if (typeValue === false) return undefined;
  const url = str('url');
  const command = str('command');
  if (url === false || command === false) return undefined;
  const type = typeValue ?? (command !== undefined ? 'stdio' : url !== undefined ? 'http' : undefined);
  const base = {
    key: `${file.path}${file.within ? `#${file.within.join('/')}` : ''}#${name}`,
    name,
    file,
    line: problems.lines.position(keyNode.offset).line,
    inputs,
  };

  if (type === 'http' || type === 'sse' || type === 'streamable-http') {
    if (!url) {
      report(field('url') ?? node, 'url', `a "${type}" server needs a "url"`);
      return undefined;
    }
    const headers = stringMap(node, 'headers', file, inputIds, report);
    if (headers === undefined && field('headers')) return undefined;
    return { ...base, type: type === 'sse' ? 'sse' : 'http', url, headers: (headers ?? {}) as Record<string, string> };
  }
  if (type !== 'stdio') {
    report(
      field('type') ?? node,
      'type',
      type === undefined ? 'a server needs a "command" (stdio) or a "url" (http)' : `type "${type}" is not one of stdio, http, sse`,
    );
    return undefined;
  }
  if (!command) {
    report(field('command') ?? node, 'command', command === '' ? '"command" is empty' : 'a stdio server needs a "command"');
    return undefined;
  }

  const args: string[] = [];
  const argsNode = field('args');
  if (argsNode && argsNode.type !== 'array') {
    report(argsNode, 'args', `"args" must be an array of strings, found ${describeType(argsNode)}`);
    return undefined;
  }
  let argsOk = true;
  (argsNode?.children ?? []).forEach((arg, index) => {
    if (arg.type === 'string' || arg.type === 'number') {
      const value = String(arg.value);
      const bad = checkVariables(value, file.kind, inputIds, file.workspaceFolder !== undefined);
      for (const message of bad) report(arg, `args[${index}]`, message);
      argsOk &&= bad.length === 0;
      args.push(value);
    } else {
      report(arg, `args[${index}]`, `"args[${index}]" must be a string, found ${describeType(arg)}`);
      argsOk = false;
    }
  });
  if (!argsOk) return undefined;

  const cwd = str('cwd');
  const envFile = str('envFile');
  if (cwd === false || envFile === false) return undefined;
  const env = stringMap(node, 'env', file, inputIds, report, true);
  if (env === undefined && field('env')) return undefined;
  const dev = file.kind === 'vscode' ? readDev(field('dev'), (n, f, m) => report(n, f, m, 'warning')) : undefined;
  return { ...base, type: 'stdio', command, args, cwd, env: env ?? {}, envFile, dev };
}

type Report = (at: Node | undefined, field: string | undefined, message: string) => void;

/**
 * `env` / `headers`: string values (numbers are written as strings, `null` unsets an env
 * variable, as VS Code allows). Any bad entry is reported and fails the map (and so the
 * server): starting it without a variable the author meant to set would mislead.
 */
function stringMap(
  node: Node,
  key: string,
  file: ConfigFile,
  inputIds: ReadonlySet<string>,
  report: Report,
  allowNull = false,
): Record<string, string | null> | undefined {
  const mapNode = property(node, key);
  if (!mapNode) return undefined;
  if (mapNode.type !== 'object') {
    report(mapNode, key, `"${key}" must be an object, found ${describeType(mapNode)}`);
    return undefined;
  }
  const out: Record<string, string | null> = {};
  let ok = true;
  for (const entry of properties(mapNode)) {
    const field = `${key}.${entry.key}`;
    const value = entry.value;
    if (value?.type === 'string' || value?.type === 'number' || value?.type === 'boolean') {
      const text = String(value.value);
      const bad = checkVariables(text, file.kind, inputIds, file.workspaceFolder !== undefined);
      for (const message of bad) report(value, field, message);
      ok &&= bad.length === 0;
      out[entry.key] = text;
    } else if (value?.type === 'null' && allowNull) {
      out[entry.key] = null;
    } else {
      report(value ?? entry.keyNode, field, `"${field}" must be a string, found ${value ? describeType(value) : 'nothing'}`);
      ok = false;
    }
  }
  return ok ? out : undefined;
}

function readDev(node: Node | undefined, report: Report): DevConfig | undefined {
  if (!node) return undefined;
  if (node.type !== 'object') {
    report(node, 'dev', `"dev" must be an object, found ${describeType(node)} (ignored)`);
    return undefined;
  }
  const dev: DevConfig = { watch: [] };
  const watch = property(node, 'watch');
  if (watch?.type === 'string') dev.watch = [String(watch.value)];
  else if (watch?.type === 'array' && (watch.children ?? []).every((c) => c.type === 'string'))
    dev.watch = (watch.children ?? []).map((c) => String(c.value));
  else if (watch) report(watch, 'dev.watch', '"dev.watch" must be a glob or an array of globs (ignored)');
  const debug = property(node, 'debug');
  if (debug?.type === 'object') {
    const type = property(debug, 'type');
    if (type?.type === 'string') dev.debug = { type: String(type.value) };
    else report(type ?? debug, 'dev.debug.type', '"dev.debug" needs a string "type", e.g. "node" or "debugpy" (ignored)');
  } else if (debug) {
    report(debug, 'dev.debug', `"dev.debug" must be an object, found ${describeType(debug)} (ignored)`);
  }
  return dev;
}
