/**
 * The outcome of a call, drawn so that its kind is clear at a glance: a result, a tool that
 * ran and failed (isError — the model reads it), a request the tool never saw (JSON-RPC
 * error), a timeout. Content blocks by type; structuredContent as a tree with its check.
 */
import { LATENCY_MEANING } from '../../src/core/trace/latency';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { statusBanner } from './banner';
import { append, button, el } from './dom';
import { jsonTree } from './jsonTree';

export interface ResultActions {
  openResource(uri: string): void;
  /** Asks the host to open an http(s) link: it shows the whole URL and asks first. */
  openLink(uri: string): void;
  openJson(title: string, value: unknown): void;
  /** The host's full copy of a result the webview only has clipped. */
  openFullResult(): void;
  /** The image block at this index of the result's content, full size in an editor. */
  openImage(index: number): void;
  saveAsTest(): void;
}

const CODE_NAMES: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid Request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
  [-32002]: 'Resource not found',
  [-32022]: 'Unsupported protocol version',
};

export function renderOutcome(outcome: CallOutcome, tool: string, actions: ResultActions): HTMLElement {
  const section = el('section', { className: `result result-${kindClass(outcome)}`, attrs: { 'aria-label': 'Result' } });
  section.appendChild(banner(outcome));
  if (outcome.kind === 'result') {
    const content = Array.isArray(outcome.result.content) ? (outcome.result.content as unknown[]) : [];
    const blocks = el('div', { className: 'blocks' });
    if (content.length === 0 && outcome.result.structuredContent === undefined)
      blocks.appendChild(el('div', { className: 'muted', text: 'The result has no content.' }));
    content.forEach((block, i) => {
      const cut = outcome.clipped?.content[i];
      blocks.appendChild(
        cut?.preview === 'none' ? tooLarge(block, cut.bytes, actions) : contentBlock(block, actions, () => actions.openImage(i)),
      );
      if (cut?.preview === 'head') blocks.appendChild(clipNote(`Showing the first ${TEXT_PREVIEW_LABEL} of ${mib(cut.bytes)}.`, actions));
    });
    section.appendChild(blocks);
    if (outcome.result.structuredContent !== undefined || outcome.output) section.appendChild(structured(outcome, actions));
    section.appendChild(rawDetails('Result JSON', outcome.result, `${tool} result`, actions, outcome.clipped !== undefined));
    section.appendChild(
      el(
        'div',
        { className: 'result-actions' },
        button('Save as Test', () => actions.saveAsTest(), {
          className: 'secondary small',
          title: 'Save this call and its result (as the snapshot) in .mcp-lens/tests/, to run from the Test Explorer and mcp-lens test',
        }),
      ),
    );
  } else if (outcome.kind === 'protocolError' && outcome.data !== undefined) {
    section.appendChild(el('div', { className: 'sub-title', text: 'error.data' }));
    section.appendChild(jsonTree(outcome.data));
  } else if (outcome.kind === 'invalidResult') {
    section.appendChild(rawDetails('Result JSON', outcome.result, `${tool} result`, actions, outcome.clipped !== undefined));
  }
  return section;
}

/** Matches TEXT_PREVIEW_CHARS in clipResult.ts (the host decides; this only labels it). */
const TEXT_PREVIEW_LABEL = '256 KiB';

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

function clipNote(text: string, actions: ResultActions): HTMLElement {
  return el(
    'div',
    { className: 'clip-note muted' },
    `${text} `,
    button('Open full result', () => actions.openFullResult(), { className: 'secondary small' }),
  );
}

function tooLarge(block: unknown, bytes: number, actions: ResultActions): HTMLElement {
  const type = block && typeof block === 'object' ? String((block as Record<string, unknown>).type) : 'content';
  return el(
    'div',
    { className: 'block' },
    el('div', { className: 'block-head' }, el('span', { className: 'block-type', text: type })),
    clipNote(`Too large to preview (${mib(bytes)}).`, actions),
  );
}

function kindClass(outcome: CallOutcome): string {
  if (outcome.kind === 'result') return outcome.isError ? 'tool-error' : 'ok';
  return outcome.kind === 'protocolError' ? 'protocol-error' : outcome.kind === 'notSent' ? 'not-sent' : 'timeout';
}

function banner(outcome: CallOutcome): HTMLElement {
  const ms = 'ms' in outcome ? el('span', { className: 'latency', text: `${outcome.ms} ms`, title: LATENCY_MEANING }) : undefined;
  const make = (icon: string, title: string, detail?: string, extra?: HTMLElement) => statusBanner(icon, title, detail, extra, ms);
  switch (outcome.kind) {
    case 'result':
      if (outcome.isError)
        return make(
          '✗',
          'The tool ran and failed — this is what the model reads',
          'isError: true — the request reached the tool. The model reads the content below and can correct itself.',
        );
      return make(
        '✓',
        'Result',
        outcome.output && !outcome.output.valid
          ? 'The tool answered, but its structuredContent does not match its outputSchema (see below).'
          : undefined,
      );
    case 'protocolError': {
      const name = CODE_NAMES[outcome.code];
      const hint =
        outcome.code === -32603 || (outcome.code <= -32000 && outcome.code >= -32099 && outcome.code !== -32002 && outcome.code !== -32022)
          ? 'If the tool itself failed, it should answer with isError: true instead: a JSON-RPC error never reaches the model as a tool result.'
          : 'The server rejected the request before running the tool; the model would see no tool result.';
      return make(
        '⊘',
        `The request never reached the tool: JSON-RPC ${outcome.code}${name ? ` ${name}` : ''}`,
        outcome.message,
        el('div', { className: 'banner-hint', text: hint }),
      );
    }
    case 'timeout':
      return make('⏱', 'No answer in time', `${outcome.message}. MCP Lens sent notifications/cancelled; the server should stop the work.`);
    case 'cancelled':
      return make('■', 'Cancelled', `${outcome.message}. notifications/cancelled was sent.`);
    case 'closed':
      return make('⊘', 'The server stopped before answering', outcome.message);
    case 'invalidResult':
      return make('⊘', 'The result is not valid', outcome.message);
    case 'notSent':
      return make('ℹ', 'Not sent', outcome.message);
  }
}

/**
 * One content block (text, image, audio, resource link, embedded resource), as a tool result or
 * a prompt message carries it. `openImage`, where the host can open the block, adds the button.
 */
export function contentBlock(
  block: unknown,
  actions: Pick<ResultActions, 'openResource' | 'openLink'>,
  openImage?: () => void,
): HTMLElement {
  if (!block || typeof block !== 'object') return el('div', { className: 'block' }, jsonTree(block));
  const b = block as Record<string, unknown>;
  const head = (label: string, meta?: string) =>
    el(
      'div',
      { className: 'block-head' },
      el('span', { className: 'block-type', text: label }),
      meta ? el('span', { className: 'muted', text: meta }) : undefined,
    );
  switch (b.type) {
    case 'text':
      return el(
        'div',
        { className: 'block block-text' },
        head('text'),
        el('pre', { className: 'text-content', text: typeof b.text === 'string' ? b.text : JSON.stringify(b.text) }),
      );
    case 'image':
    case 'audio': {
      const mime = typeof b.mimeType === 'string' ? b.mimeType : '';
      const data = typeof b.data === 'string' ? b.data : '';
      const kind = b.type;
      const box = el('div', { className: `block block-${kind}` }, head(kind, `${mime} · ${approxBytes(data)}`));
      if (!new RegExp(`^${kind}/[\\w.+-]+$`).test(mime) || !/^[A-Za-z0-9+/=\s]*$/.test(data)) {
        box.appendChild(el('div', { className: 'warn-text', text: `Not shown: a ${kind} needs a ${kind}/* mimeType and base64 data.` }));
        return box;
      }
      const src = `data:${mime};base64,${data.replace(/\s+/g, '')}`;
      if (kind === 'image') {
        const img = el('img', { attrs: { alt: 'image returned by the tool' } });
        const size = box.querySelector('.block-head .muted')!;
        img.addEventListener('load', () => {
          size.textContent = `${mime} · ${img.naturalWidth} × ${img.naturalHeight} px · ${approxBytes(data)}`;
          // An icon-sized image is drawn larger, pixel for pixel, so it can be seen.
          if (img.naturalWidth < 48) img.classList.add('small');
        });
        img.src = src;
        box.appendChild(img);
        if (openImage) box.appendChild(button('Open Image', openImage, { className: 'secondary small' }));
      } else {
        const audio = el('audio', { attrs: { controls: '' } });
        audio.src = src;
        box.appendChild(audio);
      }
      return box;
    }
    case 'resource_link': {
      const uri = typeof b.uri === 'string' ? b.uri : '';
      return el(
        'div',
        { className: 'block block-link' },
        head('resource_link', typeof b.mimeType === 'string' ? b.mimeType : undefined),
        el('div', { className: 'link-name', text: String(b.title ?? b.name ?? uri) }),
        el('code', { className: 'link-uri', text: uri }),
        typeof b.description === 'string' ? el('div', { className: 'muted', text: b.description }) : undefined,
        uri ? button('Read resource', () => actions.openResource(uri), { className: 'secondary small' }) : undefined,
        // Only a web link gets this button; the host checks the scheme again and asks before opening.
        /^https?:\/\//i.test(uri) ? button('Open link…', () => actions.openLink(uri), { className: 'secondary small' }) : undefined,
      );
    }
    case 'resource': {
      const r = (b.resource ?? {}) as Record<string, unknown>;
      const box = el(
        'div',
        { className: 'block block-resource' },
        head('resource', [r.mimeType, r.uri].filter((x) => typeof x === 'string').join(' · ')),
      );
      if (typeof r.text === 'string') box.appendChild(el('pre', { className: 'text-content', text: r.text }));
      else if (typeof r.blob === 'string') {
        const mime = typeof r.mimeType === 'string' ? r.mimeType : '';
        if (/^image\/[\w.+-]+$/.test(mime) && /^[A-Za-z0-9+/=\s]*$/.test(r.blob)) {
          const img = el('img', { attrs: { alt: 'embedded resource' } });
          img.src = `data:${mime};base64,${r.blob.replace(/\s+/g, '')}`;
          box.appendChild(img);
        } else box.appendChild(el('div', { className: 'muted', text: `binary, ${approxBytes(r.blob)}` }));
      } else box.appendChild(jsonTree(r));
      return box;
    }
    default:
      return el('div', { className: 'block' }, head(String(b.type ?? 'unknown'), 'not a known content type'), jsonTree(b));
  }
}

function structured(outcome: Extract<CallOutcome, { kind: 'result' }>, actions: ResultActions): HTMLElement {
  const box = el('div', { className: 'block block-structured' });
  const head = el('div', { className: 'block-head' }, el('span', { className: 'block-type', text: 'structuredContent' }));
  const check = outcome.output;
  if (check)
    head.appendChild(
      el('span', {
        className: `badge ${check.valid ? 'ok' : 'error'}`,
        text: check.valid ? '✓ matches outputSchema' : '✗ does not match outputSchema',
      }),
    );
  else head.appendChild(el('span', { className: 'muted', text: 'no outputSchema declared' }));
  box.appendChild(head);
  if (check && !check.valid) {
    const list = el('ul', { className: 'error-list' });
    for (const e of check.errors) list.appendChild(el('li', {}, el('code', { text: e.path || '(root)' }), ` ${e.message}`));
    box.appendChild(list);
  }
  const cut = outcome.clipped?.structured;
  if (cut)
    append(
      box,
      el('pre', { className: 'text-content', text: cut.preview }),
      clipNote(`Showing the first ${TEXT_PREVIEW_LABEL} of its ${mib(cut.bytes)} of JSON.`, actions),
    );
  else if (outcome.result.structuredContent !== undefined) box.appendChild(jsonTree(outcome.result.structuredContent, 3));
  return box;
}

function rawDetails(label: string, value: unknown, title: string, actions: ResultActions, clipped = false): HTMLElement {
  const details = el('details', { className: 'raw' }, el('summary', { text: clipped ? `${label} (clipped)` : label }));
  // A clipped copy opens the host's full result instead.
  const open = clipped ? () => actions.openFullResult() : () => actions.openJson(title, value);
  details.addEventListener('toggle', () => {
    if (details.open && details.children.length === 1)
      append(details, jsonTree(value, 1), button(clipped ? 'Open full result' : 'Open in Editor', open, { className: 'secondary small' }));
  });
  return details;
}

function approxBytes(base64: string): string {
  const bytes = Math.floor((base64.replace(/\s+/g, '').length * 3) / 4);
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`;
}
