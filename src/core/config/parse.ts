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
  if (!node || node.type !== 'object') {
    problems.add(node ?? keyNode, `server "${name}" must be an object, found ${node ? describeType(node) : 'nothing'}`, { server: name });
    return undefined;
  }
  const fields = new ServerFields(file, name, keyNode, node, inputIds, problems);
  const typeValue = fields.string('type');
  if (typeValue === false) return undefined;
  const url = fields.string('url');
  const command = fields.string('command');
  if (url === false || command === false) return undefined;
  const type = typeValue ?? (command !== undefined ? 'stdio' : url !== undefined ? 'http' : undefined);
  const base = {
    key: `${file.path}${file.within ? `#${file.within.join('/')}` : ''}#${name}`,
    name,
    file,
    line: problems.lines.position(keyNode.offset).line,
    inputs,
  };
  if (type === 'http' || type === 'sse' || type === 'streamable-http') return remoteServer(fields, type, url, base);
  if (type !== 'stdio') {
    fields.report(
      fields.field('type') ?? node,
      'type',
      type === undefined ? 'a server needs a "command" (stdio) or a "url" (http)' : `type "${type}" is not one of stdio, http, sse`,
    );
    return undefined;
  }
  return stdioServer(fields, command, base);
}

type ServerBase = Pick<ServerConfig, 'key' | 'name' | 'file' | 'line' | 'inputs'>;

/** One server entry's fields, each problem reported at its own node under the server's name. */
class ServerFields {
  constructor(
    readonly file: ConfigFile,
    readonly name: string,
    private readonly keyNode: Node,
    readonly node: Node,
    readonly inputIds: ReadonlySet<string>,
    private readonly problems: Problems,
  ) {}

  readonly report = (at: Node | undefined, field: string | undefined, message: string, severity: ConfigProblem['severity'] = 'error') =>
    this.problems.add(at ?? this.keyNode, message, { server: this.name, field }, severity);

  field(key: string): Node | undefined {
    return property(this.node, key);
  }

  /** A string field's value; undefined when absent, false when wrong (reported). */
  string(key: string): string | undefined | false {
    const n = this.field(key);
    if (!n) return undefined;
    if (n.type !== 'string') {
      this.report(n, key, `"${key}" must be a string, found ${describeType(n)}`);
      return false;
    }
    const value = String(n.value);
    return this.variablesOk(n, key, value) ? value : false;
  }

  /** Whether `value`'s ${…} variables are all known here; each unknown one is reported. */
  variablesOk(at: Node, field: string, value: string): boolean {
    const bad = checkVariables(value, this.file.kind, this.inputIds, this.file.workspaceFolder !== undefined);
    for (const message of bad) this.report(at, field, message);
    return bad.length === 0;
  }

  /** `env` / `headers` (see stringMap); undefined when absent, false when wrong (reported). */
  map(key: 'env' | 'headers', allowNull = false): Record<string, string | null> | undefined | false {
    const map = stringMap(this.node, key, this.file, this.inputIds, this.report, allowNull);
    return map === undefined && this.field(key) ? false : map;
  }
}

function remoteServer(
  fields: ServerFields,
  type: 'http' | 'sse' | 'streamable-http',
  url: string | undefined,
  base: ServerBase,
): ServerConfig | undefined {
  if (!url) {
    fields.report(fields.field('url') ?? fields.node, 'url', `a "${type}" server needs a "url"`);
    return undefined;
  }
  const headers = fields.map('headers');
  if (headers === false) return undefined;
  return { ...base, type: type === 'sse' ? 'sse' : 'http', url, headers: (headers ?? {}) as Record<string, string> };
}

function stdioServer(fields: ServerFields, command: string | undefined, base: ServerBase): ServerConfig | undefined {
  if (!command) {
    fields.report(
      fields.field('command') ?? fields.node,
      'command',
      command === '' ? '"command" is empty' : 'a stdio server needs a "command"',
    );
    return undefined;
  }
  const args = readArgs(fields);
  if (!args) return undefined;
  const cwd = fields.string('cwd');
  const envFile = fields.string('envFile');
  if (cwd === false || envFile === false) return undefined;
  const env = fields.map('env', true);
  if (env === false) return undefined;
  const dev = fields.file.kind === 'vscode' ? readDev(fields.field('dev'), (n, f, m) => fields.report(n, f, m, 'warning')) : undefined;
  return { ...base, type: 'stdio', command, args, cwd, env: env ?? {}, envFile, dev };
}

/** `args`: strings (numbers are written as strings); any bad one is reported and fails the server. */
function readArgs(fields: ServerFields): string[] | undefined {
  const argsNode = fields.field('args');
  if (argsNode && argsNode.type !== 'array') {
    fields.report(argsNode, 'args', `"args" must be an array of strings, found ${describeType(argsNode)}`);
    return undefined;
  }
  const args: string[] = [];
  let ok = true;
  (argsNode?.children ?? []).forEach((arg, index) => {
    if (arg.type === 'string' || arg.type === 'number') {
      const value = String(arg.value);
      ok = fields.variablesOk(arg, `args[${index}]`, value) && ok;
      args.push(value);
    } else {
      fields.report(arg, `args[${index}]`, `"args[${index}]" must be a string, found ${describeType(arg)}`);
      ok = false;
    }
  });
  return ok ? args : undefined;
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
