/**
 * The tool form's validation errors: each under its field (or its nearest ancestor that has
 * a slot), the rest in the summary above the fields, and the first one brought into view.
 */
import type { FieldError } from '../../src/core/schema/formTypes';
import { el } from './dom';

export interface ErrorPlaces {
  /** Where each field's errors go, by JSON Pointer ('' is the summary in raw-JSON mode). */
  slots: Map<string, HTMLElement>;
  summary: HTMLElement;
  /** Raw-JSON mode: every error goes to the summary. */
  raw: boolean;
}

/** Clears the previous errors, then shows these (and a schema the host could not check against). */
export function showErrors(places: ErrorPlaces, errors: FieldError[], schemaProblem: string | undefined): void {
  const { slots, summary, raw } = places;
  for (const slot of slots.values()) if (slot !== summary) slot.replaceChildren();
  document.querySelectorAll('[aria-invalid="true"]').forEach((n) => n.removeAttribute('aria-invalid'));
  document.querySelectorAll('.field.has-error').forEach((n) => n.classList.remove('has-error'));
  summary.replaceChildren();
  const general: FieldError[] = [];
  for (const error of errors) {
    const slot = raw ? undefined : slotFor(slots, error.path);
    if (!slot) {
      general.push(error);
      continue;
    }
    slot.appendChild(el('div', { className: 'error-text', text: error.message }));
    const field = slot.closest('.field');
    field?.classList.add('has-error');
    field?.querySelector('input,select,textarea')?.setAttribute('aria-invalid', 'true');
  }
  if (schemaProblem) summary.appendChild(el('div', { className: 'warn-text', text: `Not checked before sending: ${schemaProblem}` }));
  if (errors.length > 0) {
    summary.appendChild(
      el('div', {
        className: 'error-title',
        text: `${errors.length === 1 ? '1 problem' : `${errors.length} problems`} — the arguments were not sent`,
      }),
    );
    const list = el('ul', { className: 'error-list' });
    for (const e of general)
      list.appendChild(el('li', {}, e.path ? el('code', { text: e.path }) : undefined, e.path ? ' ' : '', e.message));
    if (general.length) summary.appendChild(list);
  }
  summary.hidden = errors.length === 0 && !schemaProblem;
}

/** Scrolls to the first field with an error (or the summary) and puts the focus in it. */
export function revealFirstError(app: HTMLElement, summary: HTMLElement | undefined): void {
  const field = app.querySelector<HTMLElement>('.field.has-error');
  const target = field ?? summary;
  target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  field?.querySelector<HTMLElement>('input,select,textarea')?.focus({ preventScroll: true });
}

/** The slot of the field at `path`, or of its nearest ancestor that has one. */
function slotFor(slots: Map<string, HTMLElement>, path: string): HTMLElement | undefined {
  let p = path;
  for (;;) {
    const slot = slots.get(p);
    if (slot && p !== '') return slot;
    if (p === '') return undefined;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
