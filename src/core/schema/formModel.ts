/**
 * JSON Schema (a tool's `inputSchema`) → form model (formTypes.ts). Pure and data-only.
 * Whatever the form cannot render becomes a `json` field at that spot, never the whole form.
 */
import type {
  ArrayField,
  EnumOption,
  Field,
  FieldBase,
  FormModel,
  JsonField,
  NumberField,
  ObjectField,
  StringField,
  Variant,
} from './formTypes';
import { numericBounds } from './draft04';
import { isRecord } from './isRecord';
import { mergeSchemas } from './schemaMerge';
import { RefResolver } from './schemaRefs';
import { uniqueLabels, variantLabel } from './variantLabels';

export type * from './formTypes';

type Schema = Record<string, unknown>;

/** Where a field sits: its key, whether the parent requires it, and the `$ref`s above it. */
interface Place {
  key?: string;
  required: boolean;
  fallbackLabel: string;
  refs: readonly string[];
  depth: number;
}

type Normalized = { schema: Schema; refs: readonly string[] } | { json: string };

/** Deeper than this is not a form anyone fills in; it also bounds non-`$ref` recursion. */
const MAX_DEPTH = 24;

const ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated', '$comment'];

const FORMAT_HINTS: Record<string, string> = {
  date: 'YYYY-MM-DD',
  'date-time': 'YYYY-MM-DDThh:mm:ssZ',
  time: 'hh:mm:ssZ',
  duration: 'P1DT2H (ISO 8601 duration)',
  email: 'name@example.com',
  'idn-email': 'name@example.com',
  uri: 'https://example.com/path',
  'uri-reference': '/path or https://…',
  iri: 'https://example.com/path',
  url: 'https://example.com/path',
  uuid: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'host.example.com',
  regex: 'a regular expression',
  'json-pointer': '/path/to/value',
};

export function buildFormModel(schema: unknown): FormModel {
  const builder = new FormBuilder(schema);
  return { root: builder.field(schema, { required: true, fallbackLabel: 'Arguments', refs: [], depth: 0 }) };
}

class FormBuilder {
  private readonly refs: RefResolver;

  constructor(root: unknown) {
    this.refs = new RefResolver(root);
  }

  field(raw: unknown, place: Place): Field {
    if (place.depth > MAX_DEPTH) return this.json(raw, place, 'nested too deeply to render as fields');
    const normalized = this.normalize(raw, place.refs);
    if ('json' in normalized) return this.json(raw, place, normalized.json);
    return this.classify(normalized.schema, raw, { ...place, refs: normalized.refs });
  }

  /** Resolves `$ref` (guarding cycles) and merges `allOf`, so `classify` sees one flat schema. */
  private normalize(raw: unknown, refs: readonly string[]): Normalized {
    if (raw === true) return { json: 'any JSON value' };
    if (raw === false) return { json: 'the schema allows no value here' };
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { json: 'not a JSON Schema object' };
    let schema = raw as Schema;
    let chain = refs;
    const parts: Schema[] = [];

    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (refs.includes(ref)) return { json: `recursive schema ($ref ${ref})` };
      const target = this.refs.resolve(ref);
      if (target === undefined) return { json: `unresolvable $ref ${ref}` };
      const inner = this.normalize(target, [...refs, ref]);
      if ('json' in inner) return inner;
      chain = inner.refs;
      // 2020-12 lets keywords sit beside $ref; they apply too, and their annotations win.
      const { $ref: _ref, ...siblings } = schema;
      schema = siblings;
      // A definition's title names the type ("Address"); the property's key says more ("billing").
      const { title: _title, ...definition } = inner.schema;
      parts.push(definition);
    }

    if (Array.isArray(schema.allOf)) {
      const { allOf, ...rest } = schema;
      schema = rest;
      for (const member of allOf) {
        const inner = this.normalize(member, refs);
        if ('json' in inner) return { json: `allOf member: ${inner.json}` };
        chain = [...new Set([...chain, ...inner.refs])];
        parts.push(inner.schema);
      }
    }

    if (parts.length === 0) return { schema: numericBounds(schema), refs: chain };
    const merged = mergeSchemas([schema, ...parts]);
    if ('conflict' in merged) return { json: merged.conflict };
    return { schema: numericBounds(merged.schema), refs: chain };
  }

  private classify(schema: Schema, raw: unknown, place: Place): Field {
    let nullable = schema.nullable === true;
    let types = typeList(schema.type);
    if (types?.includes('null') && types.length > 1) {
      nullable = true;
      types = types.filter((t) => t !== 'null');
    }

    if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
      if (Array.isArray(schema.oneOf) && Array.isArray(schema.anyOf)) {
        return this.json(raw, place, 'both oneOf and anyOf', nullable);
      }
      return this.combination(schema, raw, place, nullable);
    }
    if (Array.isArray(schema.enum)) return this.enumField(schema, place, nullable, enumOptions(schema));
    if ('const' in schema) return { ...this.base(schema, place, nullable), kind: 'const', value: schema.const };

    if (types && types.length > 1) {
      const variants: Variant[] = types.map((type) => ({
        label: type,
        field: this.classify({ ...schema, type }, raw, { ...place, key: undefined, required: true, fallbackLabel: type }),
      }));
      return { ...this.base(schema, place, nullable), kind: 'variants', combinator: 'type', variants };
    }

    const type = types?.[0] ?? inferType(schema);
    switch (type) {
      case 'string':
        return this.stringField(schema, place, nullable);
      case 'number':
      case 'integer':
        return this.numberField(schema, place, nullable, type);
      case 'boolean':
        return { ...this.base(schema, place, nullable), kind: 'boolean' };
      case 'null':
        return { ...this.base(schema, place, false), kind: 'const', value: null };
      case 'array':
        return this.arrayField(schema, raw, place, nullable);
      case 'object':
        return this.objectField(schema, raw, place, nullable);
      case undefined:
        return this.json(raw, place, 'any JSON value (the schema names no type)', nullable);
      default:
        return this.json(raw, place, `unknown type ${JSON.stringify(type)}`, nullable);
    }
  }

  /** oneOf / anyOf: null members make the field nullable; all-constant members make a select. */
  private combination(schema: Schema, raw: unknown, place: Place, nullableIn: boolean): Field {
    const combinator = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
    const { oneOf: _o, anyOf: _a, ...outer } = schema;
    const base: Schema = {};
    for (const [k, v] of Object.entries(outer)) if (!ANNOTATIONS.includes(k)) base[k] = v;
    let nullable = nullableIn;
    // A member that cannot be rendered (`problem`) still becomes a variant: a JSON editor.
    const members: { original: unknown; schema: Schema; refs: readonly string[]; problem?: string }[] = [];
    for (const member of schema[combinator] as unknown[]) {
      const normalized = this.normalize(member, place.refs);
      if ('json' in normalized) {
        members.push({ original: member, schema: {}, refs: place.refs, problem: normalized.json });
        continue;
      }
      if (isNullSchema(normalized.schema)) nullable = true;
      else members.push({ original: member, schema: normalized.schema, refs: normalized.refs });
    }
    if (members.length === 0) return { ...this.base(outer, place, false), kind: 'const', value: null };

    if (members.every((m) => m.problem === undefined && isConstSchema(m.schema))) {
      const options: EnumOption[] = members.map((m) => {
        const value = 'const' in m.schema ? m.schema.const : (m.schema.enum as unknown[])[0];
        return withDescription({ value, label: typeof m.schema.title === 'string' ? m.schema.title : labelOf(value) }, m.schema);
      });
      return this.enumField(outer, place, nullable, options);
    }

    const fieldOf = (m: (typeof members)[number], p: Place): Field => {
      if (m.problem !== undefined) return this.json(m.original, p, m.problem);
      const merged = mergeSchemas([m.schema, base]);
      if ('conflict' in merged) return this.json(m.original, p, merged.conflict);
      return this.classify(merged.schema, m.original, { ...p, refs: m.refs });
    };

    if (members.length === 1) {
      // `anyOf: [X, {type: "null"}]` is just a nullable X; the outer annotations describe it.
      const field = fieldOf(members[0], place);
      return {
        ...field,
        ...this.base({ ...pickAnnotations(members[0].schema), ...pickAnnotations(outer) }, place, nullable || field.nullable),
      } as Field;
    }
    const labels = uniqueLabels(members.map((m, i) => variantLabel(m.original, m.schema, i)));
    const variants: Variant[] = members.map((m, i) => ({
      label: labels[i],
      field: fieldOf(m, { required: true, fallbackLabel: labels[i], refs: place.refs, depth: place.depth + 1 }),
    }));
    return { ...this.base(outer, place, nullable), kind: 'variants', combinator, variants };
  }

  private enumField(schema: Schema, place: Place, nullable: boolean, options: EnumOption[]): Field {
    return { ...this.base(schema, place, nullable), kind: 'enum', options };
  }

  private stringField(schema: Schema, place: Place, nullable: boolean): StringField {
    const field: StringField = { ...this.base(schema, place, nullable), kind: 'string' };
    if (typeof schema.format === 'string') {
      field.format = schema.format;
      if (FORMAT_HINTS[schema.format]) field.formatHint = FORMAT_HINTS[schema.format];
    }
    if (typeof schema.pattern === 'string') field.pattern = schema.pattern;
    copyNumbers(schema, field, ['minLength', 'maxLength']);
    if (typeof schema.contentMediaType === 'string') field.contentMediaType = schema.contentMediaType;
    return field;
  }

  private numberField(schema: Schema, place: Place, nullable: boolean, kind: 'number' | 'integer'): NumberField {
    const field: NumberField = { ...this.base(schema, place, nullable), kind };
    copyNumbers(schema, field, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
    return field;
  }

  private arrayField(schema: Schema, raw: unknown, place: Place, nullable: boolean): Field {
    if (Array.isArray(schema.items) || Array.isArray(schema.prefixItems)) {
      return this.json(raw, place, 'a tuple (items by position)', nullable);
    }
    const itemPlace: Place = { required: true, fallbackLabel: 'Item', refs: place.refs, depth: place.depth + 1 };
    const items: Field =
      schema.items === undefined
        ? this.json(true, itemPlace, 'any JSON value (the schema does not describe the items)')
        : this.field(schema.items, itemPlace);
    const field: ArrayField = { ...this.base(schema, place, nullable), kind: 'array', items, uniqueItems: schema.uniqueItems === true };
    copyNumbers(schema, field, ['minItems', 'maxItems']);
    return field;
  }

  private objectField(schema: Schema, raw: unknown, place: Place, nullable: boolean): Field {
    const properties = isRecord(schema.properties) ? schema.properties : undefined;
    const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    const patterns = isRecord(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    const extra = schema.additionalProperties;
    const isRoot = place.depth === 0;
    if (!properties && patterns.length === 0 && (extra === undefined || extra === true) && !isRoot) {
      return this.json(raw, place, 'a free-form object (the schema lists no properties)', nullable);
    }
    const child = (key: string | undefined, req: boolean, label: string): Place => ({
      key,
      required: req,
      fallbackLabel: label,
      refs: place.refs,
      depth: place.depth + 1,
    });
    const fields = Object.entries(properties ?? {}).map(([key, sub]) => this.field(sub, child(key, required.includes(key), key)));
    const field: ObjectField = { ...this.base(schema, place, nullable), kind: 'object', fields };
    if (patterns.length === 1 && (extra === undefined || extra === false)) {
      field.additional = this.field(patterns[0][1], child(undefined, true, 'Value'));
      field.keyPattern = patterns[0][0];
    } else if (patterns.length > 1) {
      field.additional = this.json(true, child(undefined, true, 'Value'), 'keys follow several patterns');
    } else if (extra !== undefined && extra !== false) {
      field.additional = this.field(extra, child(undefined, true, 'Value'));
    }
    const names = schema.propertyNames;
    if (field.additional && isRecord(names) && typeof names.pattern === 'string') field.keyPattern ??= names.pattern;
    copyNumbers(schema, field, ['minProperties', 'maxProperties']);
    return field;
  }

  private json(raw: unknown, place: Place, reason: string, nullable = false): JsonField {
    const schema = isRecord(raw) ? raw : {};
    return { ...this.base(schema, place, nullable), kind: 'json', reason, schema: raw };
  }

  private base(schema: Schema, place: Place, nullable: boolean): FieldBase {
    const out: FieldBase = {
      label: typeof schema.title === 'string' && schema.title !== '' ? schema.title : (place.key ?? place.fallbackLabel),
      required: place.required,
      nullable,
    };
    if (place.key !== undefined) out.key = place.key;
    if (typeof schema.description === 'string') out.description = schema.description;
    if (schema.default !== undefined) out.default = schema.default;
    if (Array.isArray(schema.examples)) out.examples = schema.examples;
    if (schema.deprecated === true) out.deprecated = true;
    return out;
  }
}

function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.length > 0) return [...new Set(type.map(String))];
  return undefined;
}

/** A schema without `type` still says what it is by the keywords it uses. */
function inferType(schema: Schema): string | undefined {
  const has = (...keys: string[]) => keys.some((k) => k in schema);
  if (has('properties', 'additionalProperties', 'patternProperties', 'required', 'minProperties', 'propertyNames')) return 'object';
  if (has('items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains')) return 'array';
  if (has('minLength', 'maxLength', 'pattern', 'format', 'contentMediaType')) return 'string';
  if (has('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) return 'number';
  return undefined;
}

function copyNumbers(schema: Schema, target: object, keys: string[]): void {
  for (const key of keys) {
    if (typeof schema[key] === 'number') (target as Record<string, unknown>)[key] = schema[key];
  }
}

function enumOptions(schema: Schema): EnumOption[] {
  const values = schema.enum as unknown[];
  // `enumNames` is the legacy (non-standard) way to give enum values display names.
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : undefined;
  return values.map((value, i) => ({
    value,
    label: typeof names?.[i] === 'string' ? (names[i] as string) : labelOf(value),
  }));
}

function labelOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function withDescription(option: EnumOption, schema: Schema): EnumOption {
  return typeof schema.description === 'string' ? { ...option, description: schema.description } : option;
}

function isNullSchema(schema: Schema): boolean {
  if (schema.type === 'null') return true;
  if ('const' in schema && schema.const === null) return true;
  return Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
}

function isConstSchema(schema: Schema): boolean {
  return 'const' in schema || (Array.isArray(schema.enum) && schema.enum.length === 1);
}

function pickAnnotations(schema: Schema): Schema {
  const out: Schema = {};
  for (const key of ANNOTATIONS) if (schema[key] !== undefined) out[key] = schema[key];
  return out;
}
