/**
 * The tool form's controls for single values: text, numbers (with arrow-key steps inside the
 * bounds), booleans (a third "not set" answer when optional), a choice among enum options, and
 * a constant. Each writes what the user enters into the field's draft through its Holder.
 */
import type { EnumField, Field, NumberField, StringField } from '../../src/core/schema/formTypes';
import { el } from './dom';
import type { Holder, RenderContext } from './formRender';

export function stringControl(field: StringField, holder: Holder, ctx: RenderContext, id: string): HTMLElement {
  const long = (field.maxLength ?? 0) > 200 || (field.contentMediaType !== undefined && field.contentMediaType !== 'text/plain');
  const input = long ? el('textarea', { attrs: { id, rows: '4' } }) : el('input', { attrs: { id, type: 'text', spellcheck: 'false' } });
  const value = holder.get();
  input.value = typeof value === 'string' ? value : '';
  const example = field.examples?.find((e) => typeof e === 'string') as string | undefined;
  input.placeholder = field.formatHint ?? example ?? '';
  input.addEventListener('input', () => {
    holder.set(input.value === '' ? undefined : input.value);
    ctx.changed(false);
  });
  return input;
}

export function numberControl(field: NumberField, holder: Holder, ctx: RenderContext, id: string): HTMLElement {
  // Text, not type=number: a half-typed "1e" stays visible and gets its own error message.
  const input = el('input', {
    attrs: { id, type: 'text', inputmode: field.kind === 'integer' ? 'numeric' : 'decimal', spellcheck: 'false' },
  });
  const value = holder.get();
  input.value = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const example = field.examples?.find((e) => typeof e === 'number');
  if (example !== undefined) input.placeholder = String(example);
  input.addEventListener('input', () => {
    holder.set(input.value.trim() === '' ? undefined : input.value);
    ctx.changed(false);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    // Arrow keys step the value like a spin box, inside the bounds.
    const current = Number(input.value.trim() || (field.minimum ?? 0));
    if (!Number.isFinite(current)) return;
    const step = field.multipleOf ?? 1;
    let next = current + (e.key === 'ArrowUp' ? step : -step);
    if (field.minimum !== undefined) next = Math.max(field.minimum, next);
    if (field.maximum !== undefined) next = Math.min(field.maximum, next);
    input.value = String(Math.round(next * 1e9) / 1e9);
    holder.set(input.value);
    ctx.changed(false);
    e.preventDefault();
  });
  return input;
}

export function booleanControl(field: Field, holder: Holder, ctx: RenderContext, id: string): HTMLElement {
  const value = holder.get();
  if (field.required) {
    const box = el('input', { attrs: { id, type: 'checkbox' } });
    box.checked = value === true;
    box.addEventListener('change', () => {
      holder.set(box.checked);
      ctx.changed(false);
    });
    return el(
      'div',
      { className: 'checkbox-row' },
      box,
      el('label', { attrs: { for: id }, text: box.checked ? 'true' : 'false', className: 'muted' }),
    );
  }
  // Optional: "not set" is a third answer, distinct from false.
  const select = el('select', { attrs: { id } });
  for (const [text, v] of [
    ['— not set —', ''],
    ['true', 'true'],
    ['false', 'false'],
  ])
    select.appendChild(el('option', { text, attrs: { value: v } }));
  select.value = value === true ? 'true' : value === false ? 'false' : '';
  select.addEventListener('change', () => {
    holder.set(select.value === '' ? undefined : select.value === 'true');
    ctx.changed(false);
  });
  return select;
}

export function enumControl(field: EnumField, holder: Holder, ctx: RenderContext, id: string): HTMLElement {
  const select = el('select', { attrs: { id } });
  const value = holder.get();
  const placeholder = el('option', { text: field.required ? '— choose —' : '— not set —', attrs: { value: '' } });
  if (field.required) placeholder.disabled = true;
  select.appendChild(placeholder);
  field.options.forEach((option, i) => {
    const text = option.description ? `${option.label} — ${option.description}` : option.label;
    select.appendChild(el('option', { text, attrs: { value: String(i) } }));
  });
  select.value = typeof value === 'number' ? String(value) : '';
  select.addEventListener('change', () => {
    holder.set(select.value === '' ? undefined : Number(select.value));
    ctx.changed(false);
  });
  return select;
}

export function constControl(field: Extract<Field, { kind: 'const' }>, holder: Holder, ctx: RenderContext, id: string): HTMLElement {
  const shown = el('code', { className: 'const-value', text: JSON.stringify(field.value) });
  if (field.required) return el('div', { className: 'const-row' }, shown, el('span', { className: 'muted', text: ' (fixed)' }));
  const box = el('input', { attrs: { id, type: 'checkbox' } });
  box.checked = holder.get() === true;
  box.addEventListener('change', () => {
    holder.set(box.checked);
    ctx.changed(false);
  });
  return el('div', { className: 'const-row' }, box, el('label', { attrs: { for: id } }, 'send ', shown));
}
