import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type AnySchema, type CodeOptions, type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { surelyValidNotification } from './knownShapes';
import { requirePrecompiled, type Precompiled } from './precompiledLoad';

/**
 * The official MCP JSON Schemas (copied verbatim from the specification repository's
 * `schema/<version>/schema.json`), one per protocol version we speak. Each is read on first use
 * from `official/` beside the code that runs: dist/official (copied there at build) from a
 * bundle, this folder's own from the sources. Bundled as object literals they were 480 kB that
 * every start of the CLI and the extension compiled and built, for the one version a session speaks.
 * Their validators are compiled lazily, once per definition, and cached.
 */
export const SHIPPED_VERSIONS: readonly string[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

const officialSchemas = new Map<string, Record<string, unknown>>();

function officialSchema(version: string): Record<string, unknown> {
  let schema = officialSchemas.get(version);
  if (!schema) {
    schema = JSON.parse(readFileSync(join(__dirname, 'official', `${version}.json`), 'utf8')) as Record<string, unknown>;
    officialSchemas.set(version, schema);
  }
  return schema;
}

export interface SchemaError {
  /** JSON Pointer into the message, '' for the message itself. */
  path: string;
  message: string;
}

export interface ValidationOutcome {
  valid: boolean;
  errors: SchemaError[];
  /** The definition the message was checked against, e.g. `CallToolResult`. */
  definition: string;
  /** The schema version used; undefined when no shipped schema matches (then `valid` is true). */
  version?: string;
}

type Defs = Record<string, unknown>;

/**
 * The ajv instance a version's validators are compiled with, at run time or (with `code`, by
 * scripts/precompileSchemas.ts at build time) into standalone code: one place for the options,
 * so both compile the same schema with the same options into the same checks.
 */
export function ajvFor(version: string, code: CodeOptions = {}): Ajv {
  const schema = officialSchema(version);
  const modern = String(schema.$schema ?? '').includes('2020-12');
  // strict: false — the official schemas carry annotations (e.g. `deprecated`) that
  // ajv's strict mode would reject; they are data, not ours to edit.
  // code.optimize: false — ajv's passes over the generated code only prune it: compiling
  // is a third cheaper and validating measured no slower (one message ≈ 0.2 µs either way).
  // validateSchema: false — checking the verbatim official schema against its meta-schema
  // compiled that meta-schema first: most of a server's first Start (hundreds of ms on a
  // loaded machine) went to proving the specification's own file well-formed.
  const options = { strict: false, allErrors: false, logger: false as const, code: { optimize: false, ...code }, validateSchema: false };
  const ajv = modern ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  ajv.addSchema(schema as AnySchema, `mcp-${version}`);
  return ajv;
}

/** What a version's checks need of its official schema: where its definitions are, and which ones name a method. */
interface SchemaIndex {
  defsKey: 'definitions' | '$defs';
  defs: Defs;
  /** method → request/notification definition name, e.g. 'tools/call' → 'CallToolRequest'. */
  byMethod: Map<string, string>;
}

function indexOf(schema: Record<string, unknown>): SchemaIndex {
  const defsKey = '$defs' in schema ? '$defs' : 'definitions';
  const defs = schema[defsKey] as Defs;
  const byMethod = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) {
    const method = (def as { properties?: { method?: { const?: unknown } } }).properties?.method?.const;
    if (typeof method === 'string' && /(Request|Notification)$/.test(name) && !byMethod.has(method)) byMethod.set(method, name);
  }
  return { defsKey, defs, byMethod };
}

class VersionSchema {
  /** Made on the first key with no precompiled validator (none of the usual ones). */
  private ajv: Ajv | undefined;
  private readonly id: string;
  /**
   * Read on first need: a precompiled key names its definition itself, so a Start's first
   * messages are checked without reading and parsing the version's 130–180 kB of JSON.
   */
  private index: SchemaIndex | undefined;
  private readonly compiled = new Map<string, { validate: ValidateFunction; definition: string }>();

  constructor(readonly version: string) {
    this.id = `mcp-${version}`;
  }

  private get schema(): SchemaIndex {
    return (this.index ??= indexOf(officialSchema(this.version)));
  }

  has(name: string): boolean {
    return name in this.schema.defs;
  }

  definitionFor(method: string): string | undefined {
    return this.schema.byMethod.get(method);
  }

  /** Every notification method the schema defines (either direction). */
  notificationMethods(): string[] {
    return [...this.schema.byMethod].filter(([, def]) => def.endsWith('Notification')).map(([method]) => method);
  }

  ref(name: string): { $ref: string } {
    return { $ref: `${this.id}#/${this.schema.defsKey}/${name}` };
  }

  /** Every method the schema defines a request or notification for, with its kind. */
  methods(): [method: string, definition: string][] {
    return [...this.schema.byMethod];
  }

  /**
   * The validator for a key (see keyFor): the one precompiled at build time, else compiled on
   * first use. Compiling those a session's first messages need was most of a server's first
   * Start (ajv generating and evaluating code for hundreds of ms on a loaded machine).
   */
  entry(key: string): { validate: ValidateFunction; definition: string } {
    let e = this.compiled.get(key);
    if (!e) {
      const group = this.group(precompiledGroupOf(key));
      const validate = group?.validators[key];
      if (group && validate) {
        e = { validate, definition: group.definitions[key] };
      } else {
        const target = targetFor(this, key);
        e = { validate: this.compile(target.schema), definition: target.definition };
      }
      this.compiled.set(key, e);
    }
    return e;
  }

  private readonly precompiled = new Map<string, Precompiled | undefined>();

  /** A precompiled group's validators, required on first use. */
  group(name: PrecompiledGroup): Precompiled | undefined {
    if (!this.precompiled.has(name)) this.precompiled.set(name, requirePrecompiled(this.version, name));
    return this.precompiled.get(name);
  }

  private compile(schema: AnySchema): ValidateFunction {
    this.ajv ??= ajvFor(this.version);
    return this.ajv.compile(schema);
  }
}

/**
 * The keys of the messages before a server's tools are listed (the server/discover probe, the
 * legacy handshake, tools/list, and the error answering a probe), precompiled in a group of
 * their own as well.
 */
/**
 * The groups precompiled per version: `all` of precompiledTargets, and FIRST_KEYS again in two
 * (a Start evaluates that much of the probe's version and of the negotiated one before the
 * tools are listed: a whole version's code is hundreds of kB, 10–30 ms to evaluate): `probe`,
 * the probe's request and the error a legacy server answers it with (all a legacy server's
 * Start needs of the probe's version), and `first`, the rest.
 */
export const PRECOMPILED_GROUPS = ['probe', 'first', 'all'] as const;
export type PrecompiledGroup = (typeof PRECOMPILED_GROUPS)[number];

export const FIRST_KEYS: readonly string[] = [
  'q:server/discover',
  'r:server/discover',
  'q:initialize',
  'r:initialize',
  'n:notifications/initialized',
  'q:tools/list',
  'r:tools/list',
  'e',
];

const PROBE_KEYS: readonly string[] = ['q:server/discover', 'e'];

/** The precompiled group holding a key's validator (see PRECOMPILED_GROUPS). */
export function precompiledGroupOf(key: string): PrecompiledGroup {
  if (PROBE_KEYS.includes(key)) return 'probe';
  return FIRST_KEYS.includes(key) ? 'first' : 'all';
}

/**
 * The keys precompiled at build time: every request, its result and every notification the
 * version defines, the error envelope and the generic response (an unknown method or a message
 * of an unusual shape falls back to compiling at run time).
 */
export function precompiledTargets(version: string): Map<string, Target> {
  const s = schemaFor(version)!;
  const keys = ['e', 'r:'];
  for (const [method, def] of s.methods()) {
    if (def.endsWith('Request')) keys.push(`q:${method}`, `r:${method}`);
    else keys.push(`n:${method}`);
  }
  // A task-augmented tools/call (2025-11-25 `params.task`) is answered with CreateTaskResult.
  if (s.has('CreateTaskResult') && s.definitionFor('tools/call')) keys.push('r:tools/call+task');
  return new Map(keys.map((key) => [key, targetFor(s, key)]));
}

const loaded = new Map<string, VersionSchema>();

function schemaFor(version: string): VersionSchema | undefined {
  let schema = loaded.get(version);
  if (!schema) {
    if (!hasSchema(version)) return undefined;
    schema = new VersionSchema(version);
    loaded.set(version, schema);
  }
  return schema;
}

export interface Target {
  definition: string;
  schema: AnySchema;
}

function first(s: VersionSchema, ...names: string[]): string {
  return names.find((n) => s.has(n)) ?? names[names.length - 1];
}

// The keys of methods already seen, made once: building 'n:' + method for each message of a
// flood and hashing the new string cost more than the rest of the lookup.
const REQUEST_KEYS = new Map<string, string>();
const NOTIFICATION_KEYS = new Map<string, string>();
function methodKey(keys: Map<string, string>, method: string): string {
  let key = keys.get(method);
  if (key === undefined) keys.set(method, (key = (keys === REQUEST_KEYS ? 'q:' : 'n:') + method));
  return key;
}

/** The cache key of the definition a message must satisfy (cheap: computed for every message). */
function keyFor(msg: Record<string, unknown>, requestMethod?: string, requestParams?: Record<string, unknown>): string {
  if (typeof msg.method === 'string') return methodKey('id' in msg ? REQUEST_KEYS : NOTIFICATION_KEYS, msg.method);
  if ('error' in msg && !('result' in msg)) return 'e';
  const task = requestParams !== undefined && 'task' in requestParams;
  return 'r:' + (requestMethod ?? '') + (task ? '+task' : '');
}

/** Picks the definition for a key: method → XRequest / XNotification; a result → the result of the request it answers. */
function targetFor(s: VersionSchema, key: string): Target {
  const [kind, rest] = [key.slice(0, 1), key.slice(2)];
  if (kind === 'q' || kind === 'n') {
    const envelope = kind === 'q' ? 'JSONRPCRequest' : 'JSONRPCNotification';
    const def = s.definitionFor(rest);
    if (!def) return { definition: envelope, schema: s.ref(envelope) };
    return { definition: def, schema: { allOf: [s.ref(envelope), s.ref(def)] } };
  }
  if (kind === 'e') {
    const env = first(s, 'JSONRPCErrorResponse', 'JSONRPCError');
    return { definition: env, schema: s.ref(env) };
  }
  const env = first(s, 'JSONRPCResultResponse', 'JSONRPCResponse');
  const task = rest.endsWith('+task') && s.has('CreateTaskResult');
  const requestMethod = rest.replace(/\+task$/, '');
  const requestDef = requestMethod ? s.definitionFor(requestMethod) : undefined;
  if (!requestDef || !requestDef.endsWith('Request')) return { definition: env, schema: s.ref(env) };
  const base = requestDef.slice(0, -'Request'.length);
  // A task-augmented request (2025-11-25 `params.task`) is answered with CreateTaskResult instead.
  if (s.has(`${base}ResultResponse`) && !task) {
    const def = `${base}ResultResponse`;
    return { definition: def, schema: s.ref(def) };
  }
  if (!s.has(`${base}Result`)) return { definition: env, schema: s.ref(env) };
  const def = `${base}Result`;
  const result = task ? { anyOf: [s.ref(def), s.ref('CreateTaskResult')] } : s.ref(def);
  return { definition: task ? `${def} | CreateTaskResult` : def, schema: { allOf: [s.ref(env), { properties: { result } }] } };
}

function formatErrors(errors: readonly ErrorObject[]): SchemaError[] {
  // The deepest path is the most specific; anyOf branches add noise at shallower paths.
  const sorted = [...errors].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length);
  const out: SchemaError[] = [];
  const seen = new Set<string>();
  for (const e of sorted) {
    let message = e.message ?? 'is invalid';
    const params = e.params as { additionalProperty?: string; allowedValues?: unknown[]; allowedValue?: unknown };
    if (params.allowedValues) message += `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    else if (params.allowedValue !== undefined) message += `: ${JSON.stringify(params.allowedValue)}`;
    else if (params.additionalProperty) message += `: '${params.additionalProperty}'`;
    const text = `${e.instancePath}|${message}`;
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ path: e.instancePath, message });
    if (out.length === 3) break;
  }
  return out;
}

/**
 * Validates one JSON-RPC message against the official schema of `protocolVersion` (the
 * definition follows from the method, so `direction` only documents the caller's intent).
 * `requestMethod` (and its params) name the request a response answers (responses are
 * matched by id, so only the caller knows it); without it a result is checked against the
 * generic response envelope. Unknown versions validate as true with `version` undefined.
 */
export function validateMessage(
  msg: unknown,
  direction: 'c2s' | 's2c',
  protocolVersion: string,
  requestMethod?: string,
  requestParams?: Record<string, unknown>,
): ValidationOutcome {
  const s = schemaFor(protocolVersion);
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
    return { valid: false, errors: [{ path: '', message: 'must be a JSON object' }], definition: 'JSONRPCMessage', version: s?.version };
  }
  if (!s) return { valid: true, errors: [], definition: 'JSONRPCMessage' };
  // A log or progress notification of the usual shape needs no validator run (knownShapes.ts);
  // its definition is the one targetFor picks for a notification of that method.
  const known = surelyValidNotification(msg as Record<string, unknown>);
  if (known !== undefined)
    return { valid: true, errors: [], definition: s.definitionFor(known) ?? 'JSONRPCNotification', version: s.version };
  const { validate, definition } = s.entry(keyFor(msg as Record<string, unknown>, requestMethod, requestParams));
  const valid = validate(msg) as boolean;
  return { valid, errors: valid ? [] : formatErrors(validate.errors ?? []), definition, version: s.version };
}

/**
 * Compiles ahead of use the validators a session meets in bulk: its era's notifications (a
 * burst of log or progress notifications would otherwise pay the first compile, tens of ms,
 * in its middle), the error envelope, and tools/call with its result (the first call would
 * pay 15–30 ms while its answer arrives: in the middle of a flood, or of a 50 MB result on the
 * extension host). Call it once the protocol version is known; it resolves once they are compiled.
 */
export function warm(protocolVersion: string): Promise<void> {
  if (!hasSchema(protocolVersion)) return Promise.resolve();
  // One validator per turn of the event loop, from the next one on: the handshake and the first
  // tools/list (which compile what they need when they need it) go on between them, rather than
  // waiting a few hundred ms behind all of them on a server's first Start.
  let keys: string[] | undefined;
  return new Promise((done) => {
    const step = () => {
      const s = schemaFor(protocolVersion)!;
      keys ??= [...s.notificationMethods().map((method) => `n:${method}`), 'e', ...toolCallKeys(s)];
      const key = keys.shift();
      if (key !== undefined) s.entry(key);
      if (keys.length) setImmediate(step);
      else done();
    };
    setImmediate(step);
  });
}

/**
 * Requires `version`'s validators of a Start's first messages (FIRST_KEYS) now, rather than
 * at its first message: for a wait that would otherwise be idle (see WarmWhenIdle).
 */
export function loadFirstValidators(version: string): void {
  schemaFor(version)?.group('first');
}

function toolCallKeys(s: VersionSchema): string[] {
  if (s.definitionFor('tools/call') === undefined) return [];
  return [keyFor({ method: 'tools/call', id: 0 }), keyFor({ id: 0, result: {} }, 'tools/call', {})];
}

/** Whether a schema for this protocol version ships with the product. */
export function hasSchema(protocolVersion: string): boolean {
  return SHIPPED_VERSIONS.includes(protocolVersion);
}
