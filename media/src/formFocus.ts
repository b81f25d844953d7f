/**
 * Where the keyboard focus goes on the tool panel's page, which is rebuilt whole on every
 * render: the first field when a form opens, and the control at the same position after a
 * re-render.
 */

const CONTROLS = 'input,select,textarea,button';

/** The form's first field that takes input, else `fallback` (the Run button). */
export function focusFirst(app: HTMLElement, fallback: HTMLElement | undefined): void {
  const first = app.querySelector<HTMLElement>('.tool-form input:not([disabled]), .tool-form select, .tool-form textarea');
  (first ?? fallback)?.focus();
}

/** The position of the focused control among the page's controls, if the focus is on the page. */
export function focusedIndex(app: HTMLElement): number | undefined {
  const active = document.activeElement as HTMLElement | null;
  if (!active || !app.contains(active)) return undefined;
  return Array.from(app.querySelectorAll(CONTROLS)).indexOf(active);
}

/**
 * After a re-render, focus goes back to the control at the same position among all the
 * page's controls (the fields, the form's buttons, the asks and the result's buttons: the
 * page is rebuilt whole, so there is no element to keep; the last one if it got shorter).
 */
export function restoreFocus(app: HTMLElement, index: number | undefined): void {
  if (index === undefined || index < 0) return;
  const all = Array.from(app.querySelectorAll<HTMLElement>(CONTROLS));
  all[Math.min(index, all.length - 1)]?.focus();
}
