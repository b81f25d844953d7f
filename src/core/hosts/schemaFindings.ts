/**
 * A tool's `inputSchema` against the JSON Schema subset a host takes (`SchemaLimits`): one
 * finding per tool and kind of fault, naming where in the schema it sits.
 */
import type { HostFinding } from './hostLint';
import type { HostProfile, SchemaLimits } from './hostProfiles';
import { walkSchema } from './schemaWalk';

/** `$ref` and the places it points into are one fault, reported by `host-schema-ref`. */
const REF_KEYWORDS = new Set(['$ref', '$defs', 'definitions']);
/** A finding names this many places, then counts the rest. */
const SHOWN_PATHS = 3;

export type SchemaRule =
  'host-schema-root' | 'host-schema-keyword' | 'host-schema-type-union' | 'host-schema-ref' | 'host-schema-boolean' | 'host-schema-untyped';

export function schemaFindings(tool: { name?: unknown; inputSchema?: unknown }, host: HostProfile): HostFinding[] {
  const limits = host.schema?.value;
  if (!limits || !host.schema) return [];
  const name = String(tool.name ?? '');
  const found = new Map<SchemaRule, string[]>();
  const note = (rule: SchemaRule, what: string) => found.set(rule, [...(found.get(rule) ?? []), what]);
  const root = tool.inputSchema;
  const rootType = typeof root === 'object' && root !== null ? (root as Record<string, unknown>).type : undefined;
  if (limits.rootObject && rootType !== 'object') note('host-schema-root', `type ${JSON.stringify(rootType ?? null)}`);
  const allowed = limits.keywords ? new Set(limits.keywords) : undefined;
  walkSchema(
    root,
    ({ path, schema }) => inspect(path || 'inputSchema', schema, limits, allowed, note),
    (keyword) => (!allowed || allowed.has(keyword)) && (limits.refs || !REF_KEYWORDS.has(keyword)),
  );
  return [...found].map(([rule, where]) => finding(rule, where, name, host));
}

function inspect(
  path: string,
  schema: unknown,
  limits: SchemaLimits,
  allowed: Set<string> | undefined,
  note: (rule: SchemaRule, what: string) => void,
): void {
  if (typeof schema === 'boolean') {
    if (!limits.booleanSchemas) note('host-schema-boolean', `${path} (${schema})`);
    return;
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  const s = schema as Record<string, unknown>;
  if (!limits.refs && '$ref' in s) note('host-schema-ref', `${path}: ${JSON.stringify(s.$ref)}`);
  if (!limits.typeUnions && Array.isArray(s.type) && s.type.length > 1)
    note('host-schema-type-union', `${path}: ${JSON.stringify(s.type)}`);
  if (!limits.untyped && s.type === undefined && !('$ref' in s) && !['anyOf', 'oneOf', 'allOf'].some((k) => k in s))
    note('host-schema-untyped', path);
  if (allowed) {
    for (const keyword of Object.keys(s)) {
      if (allowed.has(keyword) || (!limits.refs && REF_KEYWORDS.has(keyword))) continue;
      note('host-schema-keyword', `${keyword} (${path})`);
    }
  }
}

const WHAT: Record<SchemaRule, { says: string; fix: string }> = {
  'host-schema-root': {
    says: 'needs the parameters to be a schema of type "object"; this one is',
    fix: 'Make inputSchema {"type": "object", "properties": {…}}: wrap a single value in a named property.',
  },
  'host-schema-keyword': {
    says: 'does not know these schema keywords:',
    fix: 'Drop them, or say the rule in the description (a pattern, a bound, a default) so the model still reads it; validate it in the tool.',
  },
  'host-schema-type-union': {
    says: 'takes one type per schema; these list several:',
    fix: 'Give one type; for "or null" use "nullable": true (or make the property optional), for other mixes anyOf with one type per branch.',
  },
  'host-schema-ref': {
    says: 'does not resolve $ref:',
    fix: 'Inline the definitions where they are used (zod: avoid reusing one schema object twice, or turn $ref generation off).',
  },
  'host-schema-boolean': {
    says: 'needs a schema object where these are true/false:',
    fix: 'Write {} as a typed schema (e.g. {"type": "string"}) and leave out a property that "false" forbids.',
  },
  'host-schema-untyped': {
    says: 'needs a type on every schema; these have none:',
    fix: 'Give each of them a "type" (for "any JSON", pick the types you accept and use anyOf).',
  },
};

function finding(rule: SchemaRule, where: string[], tool: string, host: HostProfile): HostFinding {
  const shown = where.slice(0, SHOWN_PATHS).join(', ') + (where.length > SHOWN_PATHS ? ` and ${where.length - SHOWN_PATHS} more` : '');
  return {
    host: host.id,
    rule,
    tool,
    effect: 'rejects',
    message: `${host.name} ${WHAT[rule].says} ${shown} (tool ${JSON.stringify(tool)})`,
    fix: WHAT[rule].fix,
    source: host.schema!.source,
  };
}
