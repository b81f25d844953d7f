/**
 * Renders a FormModel field by field. The draft (formTypes DraftValue) is the truth: inputs
 * write into it as the user types; structural changes (an item added, a variant picked, a
 * null toggled) ask for a re-render from it. Every label and description is set as text.
 * The controls of single values (text, number, boolean, choice, constant) are in formScalars.ts.
 */
import type { ArrayField, DraftValue, Field, ObjectDraft, ObjectField, VariantDraft, VariantsField } from '../../src/core/schema/formTypes';
import { booleanControl, constControl, enumControl, numberControl, stringControl } from './formScalars';
import { fieldDraft } from '../../src/core/schema/formValues';
import { countBounds, numberBounds } from '../../src/core/schema/boundsText';
import { childPointer } from '../../src/core/schema/jsonPointer';
import { append, button, el, uid } from './dom';

export interface RenderContext {
  /** JSON Pointer → where that field's errors are shown. */
  slots: Map<string, HTMLElement>;
  /** A value changed; `structural` when the form must be drawn again from the draft. */
  changed(structural: boolean): void;
}

/** Where one field's draft value is read and written. */
export interface Holder {
  get(): DraftValue;
  set(value: DraftValue): void;
}

export function renderRoot(root: Field, holder: Holder, ctx: RenderContext): HTMLElement {
  if (root.kind === 'object' && !root.nullable) {
    const body = el('div', { className: 'form-fields' });
    const draft = ensureObject(root, holder);
    if (root.fields.length === 0 && !root.additional)
      body.appendChild(el('p', { className: 'muted', text: 'This tool takes no arguments.' }));
    append(body, ...objectChildren(root, draft, '', ctx));
    return body;
  }
  return renderField(root, holder, '', ctx);
}

/** One labelled field: label, required marker, hints, control, description and its error slot. */
function renderField(field: Field, holder: Holder, path: string, ctx: RenderContext, labelOverride?: string): HTMLElement {
  const id = uid('f');
  const wrapper = el('div', { className: `field field-${field.kind}`, attrs: { 'data-path': path } });
  const label = labelOverride ?? field.label;
  const head = el('div', { className: 'field-head' });
  if (label) {
    const labelEl = el('label', { attrs: { for: id } }, el('span', { className: 'field-label', text: label }));
    // Array items and map values are always required: a marker there says nothing.
    if (field.required && labelOverride === undefined)
      labelEl.appendChild(el('span', { className: 'required', text: '*', title: 'required', attrs: { 'aria-label': 'required' } }));
    head.appendChild(labelEl);
  }
  const hint = typeHint(field);
  if (hint) head.appendChild(el('span', { className: 'field-hint', text: hint }));
  if (field.deprecated) head.appendChild(el('span', { className: 'badge warn', text: 'deprecated' }));
  if (field.nullable) head.appendChild(nullToggle(field, holder, ctx));
  wrapper.appendChild(head);
  if (field.description)
    wrapper.appendChild(el('div', { className: 'field-description', text: field.description, attrs: { id: `${id}-d` } }));

  if (holder.get() === null && field.nullable) {
    wrapper.appendChild(el('div', { className: 'null-value', text: 'null' }));
  } else {
    const control = renderControl(field, holder, path, ctx, id);
    if (field.description && control instanceof HTMLElement && control.matches('input,select,textarea'))
      control.setAttribute('aria-describedby', `${id}-d`);
    wrapper.appendChild(control);
  }
  const slot = el('div', { className: 'field-errors', attrs: { role: 'alert' } });
  wrapper.appendChild(slot);
  ctx.slots.set(path, slot);
  return wrapper;
}

function nullToggle(field: Field, holder: Holder, ctx: RenderContext): HTMLElement {
  const box = el('input', { attrs: { type: 'checkbox' } });
  box.checked = holder.get() === null;
  box.addEventListener('change', () => {
    holder.set(box.checked ? null : fieldDraft({ ...field, nullable: false, default: undefined }));
    ctx.changed(true);
  });
  return el('label', { className: 'null-toggle', title: 'Send null for this field' }, box, ' null');
}

function renderControl(field: Field, holder: Holder, path: string, ctx: RenderContext, id: string): HTMLElement {
  switch (field.kind) {
    case 'string':
      return stringControl(field, holder, ctx, id);
    case 'number':
    case 'integer':
      return numberControl(field, holder, ctx, id);
    case 'boolean':
      return booleanControl(field, holder, ctx, id);
    case 'enum':
      return enumControl(field, holder, ctx, id);
    case 'const':
      return constControl(field, holder, ctx, id);
    case 'array':
      return arrayControl(field, holder, path, ctx);
    case 'object': {
      const box = el('div', { className: 'object-box' });
      append(box, ...objectChildren(field, ensureObject(field, holder), path, ctx));
      return box;
    }
    case 'variants':
      return variantsControl(field, holder, path, ctx, id);
    case 'json':
      return jsonControl(field, holder, ctx, id);
  }
}

function arrayControl(field: ArrayField, holder: Holder, path: string, ctx: RenderContext): HTMLElement {
  let items = holder.get();
  if (!Array.isArray(items)) {
    items = [];
    holder.set(items);
  }
  const list = items as DraftValue[];
  const box = el('div', { className: 'array-box' });
  const rows = el('ol', { className: 'array-items' });
  list.forEach((_, i) => {
    const itemHolder: Holder = { get: () => list[i], set: (v) => (list[i] = v) };
    const itemPath = childPointer(path, i);
    const controls = el(
      'div',
      { className: 'item-actions' },
      button('↑', () => move(list, i, i - 1, ctx), { className: 'icon', title: 'Move up', ariaLabel: `Move item ${i + 1} up` }),
      button('↓', () => move(list, i, i + 1, ctx), { className: 'icon', title: 'Move down', ariaLabel: `Move item ${i + 1} down` }),
      button(
        '✕',
        () => {
          list.splice(i, 1);
          ctx.changed(true);
        },
        { className: 'icon', title: 'Remove', ariaLabel: `Remove item ${i + 1}` },
      ),
    );
    (controls.children[0] as HTMLButtonElement).disabled = i === 0;
    (controls.children[1] as HTMLButtonElement).disabled = i === list.length - 1;
    const item = renderField(
      field.items,
      itemHolder,
      itemPath,
      ctx,
      `${field.items.label === field.label || !field.items.label ? 'Item' : field.items.label} ${i + 1}`,
    );
    rows.appendChild(el('li', { className: 'array-item' }, item, controls));
  });
  box.appendChild(rows);
  if (list.length === 0) box.appendChild(el('div', { className: 'muted empty', text: 'No items.' }));
  const add = button(
    '+ Add item',
    () => {
      list.push(fieldDraft(field.items));
      ctx.changed(true);
    },
    { className: 'secondary small add' },
  );
  if (field.maxItems !== undefined && list.length >= field.maxItems) add.disabled = true;
  box.appendChild(add);
  return box;
}

function move(list: DraftValue[], from: number, to: number, ctx: RenderContext): void {
  if (to < 0 || to >= list.length) return;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item);
  ctx.changed(true);
}

function ensureObject(field: ObjectField, holder: Holder): ObjectDraft {
  const value = holder.get();
  if (value && typeof value === 'object' && !Array.isArray(value) && 'fields' in value) return value as ObjectDraft;
  const fresh = fieldDraft({ ...field, nullable: false, default: undefined }, {}) as ObjectDraft;
  holder.set(fresh);
  return fresh;
}

function objectChildren(field: ObjectField, draft: ObjectDraft, path: string, ctx: RenderContext): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const child of field.fields) {
    const key = child.key!;
    const holder: Holder = { get: () => draft.fields[key], set: (v) => (draft.fields[key] = v) };
    out.push(renderField(child, holder, childPointer(path, key), ctx));
  }
  if (field.additional) out.push(mapEditor(field, field.additional, draft, path, ctx));
  return out;
}

/** additionalProperties: key/value rows the user adds. */
function mapEditor(field: ObjectField, valueField: Field, draft: ObjectDraft, path: string, ctx: RenderContext): HTMLElement {
  const box = el('div', { className: 'map-box' });
  const title = field.fields.length ? 'Other entries' : 'Entries';
  box.appendChild(el('div', { className: 'map-title', text: field.keyPattern ? `${title} (keys match ${field.keyPattern})` : title }));
  draft.extra.forEach((entry, i) => {
    const keyInput = el('input', {
      className: 'map-key',
      attrs: { type: 'text', placeholder: 'key', 'aria-label': `Key of entry ${i + 1}`, spellcheck: 'false' },
    });
    keyInput.value = entry.key;
    keyInput.addEventListener('input', () => {
      entry.key = keyInput.value;
      ctx.changed(false);
    });
    const holder: Holder = { get: () => entry.value, set: (v) => (entry.value = v) };
    const value = renderField(valueField, holder, childPointer(path, entry.key), ctx, '');
    const remove = button(
      '✕',
      () => {
        draft.extra.splice(i, 1);
        ctx.changed(true);
      },
      { className: 'icon', title: 'Remove entry', ariaLabel: `Remove entry ${i + 1}` },
    );
    box.appendChild(el('div', { className: 'map-row' }, keyInput, value, remove));
  });
  box.appendChild(
    button(
      '+ Add entry',
      () => {
        draft.extra.push({ key: '', value: fieldDraft(valueField) });
        ctx.changed(true);
      },
      { className: 'secondary small add' },
    ),
  );
  return box;
}

function variantsControl(field: VariantsField, holder: Holder, path: string, ctx: RenderContext, id: string): HTMLElement {
  let draft = holder.get() as VariantDraft | undefined;
  if (!draft || typeof draft !== 'object' || typeof (draft as VariantDraft).variant !== 'number') {
    draft = { variant: 0, value: fieldDraft(field.variants[0].field) };
    holder.set(draft);
  }
  const current = draft;
  const select = el('select', { className: 'variant-pick', attrs: { id, 'aria-label': `${field.label}: which form` } });
  field.variants.forEach((v, i) => select.appendChild(el('option', { text: v.label, attrs: { value: String(i) } })));
  select.value = String(current.variant);
  select.addEventListener('change', () => {
    const index = Number(select.value);
    holder.set({ variant: index, value: fieldDraft(field.variants[index].field) });
    ctx.changed(true);
  });
  const chosen = field.variants[current.variant] ?? field.variants[0];
  const inner: Holder = { get: () => current.value, set: (v) => (current.value = v) };
  const body = renderControl({ ...chosen.field, required: field.required }, inner, path, ctx, uid('v'));
  const label = field.combinator === 'oneOf' ? 'one of' : field.combinator === 'anyOf' ? 'any of' : 'type';
  return el(
    'div',
    { className: 'variants-box' },
    el('div', { className: 'variant-row' }, el('span', { className: 'muted', text: label }), select),
    body,
  );
}

function jsonControl(field: Extract<Field, { kind: 'json' }>, holder: Holder, ctx: RenderContext, id: string): HTMLElement {
  const area = el('textarea', { className: 'json-input', attrs: { id, rows: '4', spellcheck: 'false' } });
  const value = holder.get();
  area.value = typeof value === 'string' ? value : '';
  area.placeholder = 'JSON';
  area.addEventListener('input', () => {
    holder.set(area.value.trim() === '' ? undefined : area.value);
    ctx.changed(false);
  });
  const why = el(
    'details',
    { className: 'json-why' },
    el('summary', { text: `JSON editor: ${field.reason}` }),
    el('pre', { text: JSON.stringify(field.schema, null, 2) }),
  );
  return el('div', { className: 'json-box' }, area, why);
}

/** A short hint beside the label: type, bounds, format. */
function typeHint(field: Field): string {
  switch (field.kind) {
    case 'string': {
      const parts = field.format ? [field.format] : [];
      const length = countBounds(field.minLength, field.maxLength, 'char');
      if (length) parts.push(length);
      if (field.pattern) parts.push(`/${field.pattern}/`);
      return parts.join(' · ');
    }
    case 'number':
    case 'integer': {
      const low = field.minimum ?? (field.exclusiveMinimum !== undefined ? `>${field.exclusiveMinimum}` : undefined);
      const high = field.maximum ?? (field.exclusiveMaximum !== undefined ? `<${field.exclusiveMaximum}` : undefined);
      const bounds = numberBounds(low, high);
      const range = bounds ? ` ${bounds}` : '';
      return `${field.kind}${range}${field.multipleOf !== undefined ? ` · step ${field.multipleOf}` : ''}`;
    }
    case 'array': {
      const count = countBounds(field.minItems, field.maxItems, 'item');
      const bounds = count ? ` · ${count}` : '';
      return `list${bounds}${field.uniqueItems ? ' · unique' : ''}`;
    }
    case 'object':
      return field.additional && field.fields.length === 0 ? 'map' : '';
    case 'boolean':
      return 'boolean';
    default:
      return '';
  }
}
