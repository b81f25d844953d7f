/**
 * The form model: what a webview needs to render a tool's `inputSchema` as a form.
 * Data only (JSON-serialisable, no functions, no classes), so it can be posted to a
 * webview and kept in `setState`. Built by `buildFormModel` (formModel.ts).
 */

export type FieldKind =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enum' //     a fixed set of values → a select
  | 'const' //    exactly one value → shown read-only
  | 'array'
  | 'object' //   fixed fields, plus a map editor when `additional` is set
  | 'variants' // oneOf / anyOf / several types → pick one, then its field
  | 'json'; //    anything the form cannot render → a JSON editor for this field only

/** What every field kind carries. */
export interface FieldBase {
  /** Property name in the parent object; absent for the root, array items and variants. */
  key?: string;
  /** What the user reads: the schema's `title`, else the key, else a generic name. */
  label: string;
  description?: string;
  /** The parent object lists this key in `required` (array items and the root: true). */
  required: boolean;
  /** `null` is allowed too (`type: [X, "null"]`, `anyOf` with `{type: "null"}`, `nullable: true`). */
  nullable: boolean;
  /** The schema's `default`, when it declares one. */
  default?: unknown;
  examples?: unknown[];
  deprecated?: boolean;
}

export interface StringField extends FieldBase {
  kind: 'string';
  format?: string;
  /** A readable example of the format (`YYYY-MM-DD` for `date`), for a placeholder. */
  formatHint?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  contentMediaType?: string;
}

export interface NumberField extends FieldBase {
  kind: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  /** Always numbers here: draft-04's boolean form is converted. */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
}

export interface EnumOption {
  value: unknown;
  label: string;
  description?: string;
}

export interface EnumField extends FieldBase {
  kind: 'enum';
  options: EnumOption[];
}

export interface ConstField extends FieldBase {
  kind: 'const';
  value: unknown;
}

export interface ArrayField extends FieldBase {
  kind: 'array';
  /** The model of every item (its `required` is true, it has no key). */
  items: Field;
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
}

export interface ObjectField extends FieldBase {
  kind: 'object';
  /** In the order the schema declares them. */
  fields: Field[];
  /** Extra keys allowed (`additionalProperties` / a single `patternProperties`): the model of their values. */
  additional?: Field;
  /** Extra keys must match this (from `patternProperties` or `propertyNames.pattern`). */
  keyPattern?: string;
  minProperties?: number;
  maxProperties?: number;
}

export interface Variant {
  label: string;
  field: Field;
}

export interface VariantsField extends FieldBase {
  kind: 'variants';
  /** `oneOf` (exactly one must match), `anyOf` (at least one), `type` (`type: [a, b]`). */
  combinator: 'oneOf' | 'anyOf' | 'type';
  variants: Variant[];
}

export interface JsonField extends FieldBase {
  kind: 'json';
  /** Why this field is a JSON editor ("recursive schema ($ref #/$defs/node)"). */
  reason: string;
  /** The field's schema as the tool declared it, to show beside the editor. */
  schema: unknown;
}

export type Field =
  StringField | NumberField | BooleanField | EnumField | ConstField | ArrayField | ObjectField | VariantsField | JsonField;

export interface FormModel {
  /** The arguments object: normally an `object` field; a `json` field if the schema is not an object. */
  root: Field;
}

/**
 * The editable state of a field, as the form holds it (JSON-serialisable for `setState`).
 * `undefined` is "not filled in"; `null` is an explicit null (nullable fields only). Otherwise:
 *
 * | kind               | draft                                             |
 * |--------------------|---------------------------------------------------|
 * | string             | the text                                          |
 * | number, integer    | the text as typed (converted by `toArguments`)    |
 * | boolean            | true / false                                      |
 * | enum               | index into `options`                              |
 * | const              | true = send it                                    |
 * | array              | the items' drafts                                 |
 * | object             | `ObjectDraft`                                     |
 * | variants           | `VariantDraft`                                    |
 * | json               | the JSON text                                     |
 */
export type DraftValue = undefined | null | string | number | boolean | DraftValue[] | ObjectDraft | VariantDraft;

export interface ObjectDraft {
  fields: Record<string, DraftValue>;
  /** Entries of the map editor, in the order the user made them. */
  extra: { key: string; value: DraftValue }[];
}

export interface VariantDraft {
  variant: number;
  value: DraftValue;
}

/** A problem at one field. `path` is a JSON Pointer into the arguments ("" = the whole object, "/days", "/edits/0/oldText"). */
export interface FieldError {
  path: string;
  message: string;
}
