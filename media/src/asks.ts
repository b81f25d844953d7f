/**
 * Draws a server's asks (elicitation form or URL, a sampling request) and sends back what the
 * developer answers. Used inside the tool panel running the call and by the ask panel.
 * Everything the server sent is set as text.
 */
import type { DraftValue, FieldError } from '../../src/core/schema/formTypes';
import { initialValue, toArguments } from '../../src/core/schema/formValues';
import type { Ask, AskHostMessage, AskReply } from '../../src/extension/asks/askProtocol';
import { button, el } from './dom';
import { renderRoot } from './formRender';

interface Shown {
  node: HTMLElement;
  actions: HTMLElement;
  slots: Map<string, HTMLElement>;
  summary: HTMLElement;
}

export interface AskView {
  handle(message: AskHostMessage): void;
  /** Asks still waiting for an answer. */
  readonly open: number;
}

export function askView(container: HTMLElement, post: (reply: AskReply) => void): AskView {
  const shown = new Map<number, Shown>();
  let open = 0;

  function show(ask: Ask): void {
    const slots = new Map<string, HTMLElement>();
    const summary = el('div', { className: 'error-summary', attrs: { role: 'alert' } });
    summary.hidden = true;
    const actions = el('div', { className: 'form-actions ask-actions' });
    const node = el('section', {
      className: `ask ask-${ask.kind}`,
      attrs: { 'data-ask-id': String(ask.id), 'aria-label': `${ask.server} asks` },
    });
    node.appendChild(
      el('div', {
        className: 'ask-title',
        text: ask.kind === 'sample' ? `"${ask.server}" asks the model (sampling)` : `"${ask.server}" asks you`,
      }),
    );
    if (ask.kind === 'form') formBody(ask, node, actions, slots);
    else if (ask.kind === 'url') urlBody(ask, node, actions);
    else sampleBody(ask, node, actions);
    node.append(summary, actions);
    container.appendChild(node);
    shown.set(ask.id, { node, actions, slots, summary });
    open += 1;
    node.scrollIntoView({ block: 'start', behavior: 'smooth' });
    node.querySelector<HTMLElement>('input,select,textarea')?.focus();
  }

  function formBody(ask: Extract<Ask, { kind: 'form' }>, node: HTMLElement, actions: HTMLElement, slots: Map<string, HTMLElement>): void {
    if (ask.message) node.appendChild(el('p', { className: 'ask-message', text: ask.message }));
    let draft: DraftValue = initialValue(ask.model);
    const draw = () =>
      renderRoot(
        ask.model.root,
        { get: () => draft, set: (v) => (draft = v) },
        { slots, changed: (structural) => structural && fields.replaceChildren(draw()) },
      );
    const fields = el('div', { className: 'ask-fields' });
    fields.appendChild(draw());
    node.appendChild(fields);
    actions.append(
      button(
        'Accept',
        () => {
          const { args, errors } = toArguments(ask.model, draft);
          if (errors.length > 0) showErrors(ask.id, errors);
          else post({ type: 'askAnswer', id: ask.id, action: 'accept', content: args });
        },
        { className: 'primary' },
      ),
      ...refusals(ask.id),
    );
  }

  function urlBody(ask: Extract<Ask, { kind: 'url' }>, node: HTMLElement, actions: HTMLElement): void {
    if (ask.message) node.appendChild(el('p', { className: 'ask-message', text: ask.message }));
    node.appendChild(el('div', { className: 'ask-domain' }, 'Domain: ', el('strong', { text: ask.domain })));
    node.appendChild(el('pre', { className: 'ask-link', text: ask.url }));
    node.appendChild(
      el('p', {
        className: 'muted',
        text: 'MCP Lens opens it only when you click Open…, after showing it again. Once done there, say so.',
      }),
    );
    actions.append(
      button('Open…', () => post({ type: 'askOpenUrl', id: ask.id })),
      button('I went there', () => post({ type: 'askAnswer', id: ask.id, action: 'accept' }), { className: 'primary' }),
      ...refusals(ask.id),
    );
  }

  function sampleBody(ask: Extract<Ask, { kind: 'sample' }>, node: HTMLElement, actions: HTMLElement): void {
    const r = ask.request;
    if (r.systemPrompt !== undefined)
      node.append(
        el('div', { className: 'section-title', text: 'System prompt' }),
        el('pre', { className: 'ask-system', text: r.systemPrompt }),
      );
    node.appendChild(el('div', { className: 'section-title', text: 'Messages' }));
    for (const m of r.messages)
      node.appendChild(
        el(
          'div',
          { className: `ask-turn role-${m.role}` },
          el('span', { className: 'badge', text: m.role }),
          el('pre', { text: m.blocks.join('\n') }),
        ),
      );
    const facts = [
      r.preferences ? `Model preferences: ${r.preferences}` : '',
      r.maxTokens !== undefined ? `Max tokens: ${r.maxTokens}` : '',
    ].filter(Boolean);
    for (const fact of facts) node.appendChild(el('div', { className: 'muted ask-fact', text: fact }));
    if (r.tools.length > 0) {
      node.appendChild(el('div', { className: 'section-title', text: 'Tools offered to the model' }));
      const list = el('ul', { className: 'ask-tools' });
      for (const t of r.tools) list.appendChild(el('li', {}, el('code', { text: t.name }), t.description ? ` — ${t.description}` : ''));
      node.appendChild(list);
    }
    const reply = el('textarea', {
      className: 'ask-reply',
      attrs: { rows: '4', 'aria-label': 'The reply, as the model', placeholder: 'Type the reply as the model…' },
    });
    node.append(el('div', { className: 'section-title', text: 'Answer as the model' }), reply);
    actions.append(button('Send reply', () => post({ type: 'askReply', id: ask.id, text: reply.value }), { className: 'primary' }));
    if (ask.modelName) actions.append(button(`Answer with ${ask.modelName}…`, () => post({ type: 'askUseModel', id: ask.id })));
    actions.append(button('Decline', () => post({ type: 'askAnswer', id: ask.id, action: 'decline' })));
  }

  function refusals(id: number): HTMLButtonElement[] {
    return [
      button('Decline', () => post({ type: 'askAnswer', id, action: 'decline' })),
      button('Cancel', () => post({ type: 'askAnswer', id, action: 'cancel' })),
    ];
  }

  function showErrors(id: number, errors: FieldError[]): void {
    const s = shown.get(id);
    if (!s) return;
    for (const slot of s.slots.values()) slot.replaceChildren();
    s.summary.replaceChildren();
    const general = errors.filter((e) => {
      const slot = s.slots.get(e.path);
      if (slot && e.path !== '') slot.appendChild(el('div', { className: 'error-text', text: e.message }));
      return !slot || e.path === '';
    });
    for (const e of general)
      s.summary.appendChild(el('div', { className: 'error-text', text: `${e.path ? `${e.path} ` : ''}${e.message}` }));
    s.summary.hidden = general.length === 0;
  }

  function done(id: number, how: string): void {
    const s = shown.get(id);
    if (!s) return;
    shown.delete(id);
    open -= 1;
    s.node.classList.add('ask-done');
    s.node.querySelectorAll<HTMLInputElement>('input,select,textarea,button').forEach((n) => (n.disabled = true));
    s.actions.replaceChildren(el('span', { className: 'ask-outcome', text: `Answered: ${how}` }));
  }

  return {
    handle(message) {
      if (message.type === 'ask') show(message.ask);
      else if (message.type === 'askErrors') showErrors(message.id, message.errors);
      else done(message.id, message.how);
    },
    get open() {
      return open;
    },
  };
}
