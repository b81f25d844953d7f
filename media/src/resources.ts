/**
 * The resource / template / prompt panel's webview: a form of the template's variables or
 * the prompt's arguments, each with the server's completion/complete suggestions as the user
 * types, the URI the template expands to, then the contents read or the prompt's messages as
 * a conversation (drawn by resourceResults.ts). Every request goes through the host; this
 * page only draws, as text.
 */
import type { FieldSpec, HostMessage, PanelSubject, WebviewMessage } from '../../src/extension/resources/protocol';
import { visibleName } from '../../src/core/text/invisibles';
import { button, el, uid } from './dom';
import { promptView, readView } from './resourceResults';

declare function acquireVsCodeApi(): {
  postMessage(message: WebviewMessage): void;
  getState(): { values?: Record<string, string> } | undefined;
  setState(s: { values: Record<string, string> }): void;
};

const vscode = acquireVsCodeApi();
const app = document.getElementById('app')!;

let subject: PanelSubject | undefined;
let fields: FieldSpec[] = [];
let values: Record<string, string> = {};
let completions = false;
let canSubscribe = false;
let watchVia: 'subscribe' | 'listen' | undefined;
let serverState = '';
const inputs = new Map<string, HTMLInputElement>();
const suggestionLists = new Map<string, HTMLElement>();
const completeTimers = new Map<string, number>();
let uriLine: HTMLElement | undefined;
let resultArea: HTMLElement | undefined;
let watchArea: HTMLElement | undefined;
let watching: { uri?: string; updates: number; changed?: string } = { updates: 0 };

const post = (message: WebviewMessage) => vscode.postMessage(message);

window.addEventListener('message', (event: MessageEvent<HostMessage>) => onHostMessage(event.data));
vscode.postMessage({ type: 'ready' });

function onHostMessage(m: HostMessage): void {
  switch (m.type) {
    case 'init':
      subject = m.subject;
      fields = m.fields;
      values = { ...(vscode.getState()?.values ?? {}), ...m.values };
      completions = m.completions;
      canSubscribe = m.canSubscribe;
      watchVia = m.watchVia;
      serverState = m.serverState;
      render();
      return;
    case 'serverState':
      serverState = m.state;
      document.querySelector('.server-badge')?.replaceWith(serverBadge());
      return;
    case 'expanded':
      if (uriLine)
        uriLine.replaceChildren(
          m.uri !== undefined
            ? el('code', { className: 'expanded-uri', text: m.uri })
            : el('span', { className: 'warn-text', text: m.error ?? '' }),
        );
      return;
    case 'suggestions':
      showSuggestions(m.field, m.value, m.values, m.total, m.hasMore, m.error);
      return;
    case 'busy':
      resultArea?.replaceChildren(el('div', { className: 'muted', text: subject?.kind === 'prompt' ? 'Getting the prompt…' : 'Reading…' }));
      return;
    case 'read':
      if (m.values) setValues(m.values);
      resultArea?.replaceChildren(readView(m.outcome, post));
      return;
    case 'prompt':
      setValues(m.values);
      resultArea?.replaceChildren(promptView(m.outcome, post));
      return;
    case 'watching':
      watching = m;
      drawWatch();
      return;
  }
}

function render(): void {
  if (!subject) return;
  const s = subject;
  const title = s.title ?? (s.kind === 'resource' ? (s.name ?? s.uri) : s.name);
  const kindLabel = s.kind === 'template' ? 'resource template' : s.kind;
  const header = el(
    'header',
    { className: 'tool-header' },
    el(
      'div',
      { className: 'title-row' },
      el('h1', { text: visibleName(title) }),
      el('span', { className: 'tool-name', text: kindLabel }),
      serverBadge(),
    ),
    s.kind === 'template'
      ? el('code', { className: 'template', text: s.uriTemplate })
      : s.kind === 'resource'
        ? el('code', { className: 'template', text: s.uri })
        : undefined,
    s.description ? el('p', { className: 'tool-description', text: s.description }) : undefined,
  );
  inputs.clear();
  suggestionLists.clear();
  const form = el('form', { className: 'form-fields', attrs: { novalidate: '' } });
  for (const f of fields) form.appendChild(fieldView(f));
  if (s.kind === 'template') {
    uriLine = el('div', { className: 'uri-line' });
    form.appendChild(el('div', { className: 'field' }, el('span', { className: 'field-label', text: 'URI' }), uriLine));
  }
  const submitLabel = s.kind === 'prompt' ? 'Get Prompt' : s.kind === 'template' ? 'Read' : 'Read Again';
  form.appendChild(
    el(
      'div',
      { className: 'form-actions' },
      button(submitLabel, () => submit(), { className: 'primary' }),
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit();
  });
  if (fields.length > 0 && !completions)
    form.appendChild(el('div', { className: 'muted small-note', text: 'The server does not declare completions: no suggestions.' }));
  resultArea = el('section', { className: 'result-area', attrs: { 'aria-label': 'Result' } });
  watchArea = el('div', { className: 'watch-area' });
  app.replaceChildren(header, form, watchArea, resultArea);
  drawWatch();
  vscode.postMessage({ type: 'input', values });
}

function serverBadge(): HTMLElement {
  return el('span', { className: `server-badge state-${serverState}`, text: serverState });
}

function fieldView(f: FieldSpec): HTMLElement {
  const id = uid('field');
  const input = el('input', {
    attrs: {
      id,
      type: 'text',
      autocomplete: 'off',
      'aria-required': f.required ? 'true' : undefined,
      placeholder: f.list ? 'a, b, c' : '',
    },
  });
  input.value = values[f.name] ?? '';
  inputs.set(f.name, input);
  const list = el('div', { className: 'suggestions', attrs: { role: 'listbox', 'aria-label': `Suggestions for ${f.name}` } });
  suggestionLists.set(f.name, list);
  input.addEventListener('input', () => {
    values = { ...values, [f.name]: input.value };
    vscode.setState({ values });
    vscode.postMessage({ type: 'input', values });
    askCompletion(f.name);
  });
  input.addEventListener('focus', () => askCompletion(f.name));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') list.replaceChildren();
  });
  return el(
    'div',
    { className: 'field' },
    el(
      'div',
      { className: 'field-head' },
      el('label', { className: 'field-label', text: visibleName(f.name), attrs: { for: id } }),
      f.required ? el('span', { className: 'required', text: '*', title: 'required' }) : undefined,
      f.syntax ? el('span', { className: 'field-hint', text: f.syntax }) : undefined,
      f.list ? el('span', { className: 'field-hint', text: 'a list: separate values with commas' }) : undefined,
    ),
    f.description ? el('div', { className: 'field-description', text: f.description }) : undefined,
    input,
    list,
  );
}

/** Asks the host for suggestions once typing pauses (one request per pause, not per key). */
function askCompletion(field: string): void {
  if (!completions) return;
  window.clearTimeout(completeTimers.get(field));
  completeTimers.set(
    field,
    window.setTimeout(() => vscode.postMessage({ type: 'complete', field, value: values[field] ?? '', values }), 150),
  );
}

function showSuggestions(field: string, value: string, found: string[], total?: number, hasMore?: boolean, error?: string): void {
  const list = suggestionLists.get(field);
  // An answer to an older value than the field now holds is stale.
  if (!list || (values[field] ?? '') !== value) return;
  const items = found.filter((v) => v !== value);
  list.replaceChildren(
    ...items.map((v) => {
      const b = button(
        v,
        () => {
          values = { ...values, [field]: v };
          inputs.get(field)!.value = v;
          list.replaceChildren();
          vscode.setState({ values });
          vscode.postMessage({ type: 'input', values });
          inputs.get(field)!.focus();
        },
        { className: 'suggestion' },
      );
      b.setAttribute('role', 'option');
      return b;
    }),
  );
  const more = hasMore ? `${total !== undefined ? `${total} in all` : 'more'}: type to narrow` : '';
  if (more) list.appendChild(el('span', { className: 'muted', text: more }));
  if (error) list.appendChild(el('span', { className: 'warn-text', text: `completion/complete failed: ${error}` }));
}

function setValues(next: Record<string, string>): void {
  values = { ...values, ...next };
  for (const [name, input] of inputs) input.value = values[name] ?? '';
}

function submit(): void {
  for (const list of suggestionLists.values()) list.replaceChildren();
  const missing = fields.filter((f) => f.required && !(values[f.name] ?? '').trim());
  for (const f of fields) inputs.get(f.name)?.setAttribute('aria-invalid', missing.includes(f) ? 'true' : 'false');
  if (missing.length > 0 && subject?.kind === 'prompt') {
    resultArea?.replaceChildren(el('div', { className: 'warn-text', text: `Required: ${missing.map((f) => f.name).join(', ')}` }));
    return;
  }
  vscode.postMessage({ type: 'submit', values });
}

function drawWatch(): void {
  if (!watchArea) return;
  if (!canSubscribe || subject?.kind === 'prompt') {
    watchArea.replaceChildren();
    return;
  }
  const on = watching.uri !== undefined;
  const toggle = el('input', { attrs: { type: 'checkbox', id: 'watch', ...(on ? { checked: '' } : {}) } });
  toggle.addEventListener('change', () => vscode.postMessage({ type: 'watch', on: toggle.checked }));
  watchArea.replaceChildren(
    el(
      'label',
      { className: 'watch-toggle', attrs: { for: 'watch' } },
      toggle,
      ` Watch (${watchVia === 'listen' ? 'subscriptions/listen' : 'resources/subscribe'}): read again on each notifications/resources/updated`,
    ),
  );
  if (on)
    watchArea.appendChild(
      el('div', {
        className: 'watch-status',
        text: `Watching ${watching.uri} · ${watching.updates} update${watching.updates === 1 ? '' : 's'}${watching.changed ? ` · last: ${watching.changed}` : ''}`,
      }),
    );
}
