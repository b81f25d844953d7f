/**
 * The resource / prompt panel's results: the contents a read returned (text with Open in
 * Editor, images and audio previewed, blobs with Save as…), a prompt's messages as a
 * conversation, and the banner above either (or the error instead). Every part is drawn as text.
 */
import type { ResourcePart } from '../../src/core/resources/contents';
import type { PromptOutcome, ReadOutcome, WebviewMessage } from '../../src/extension/resources/protocol';
import { statusBanner } from './banner';
import { button, el } from './dom';
import { jsonTree } from './jsonTree';
import { contentBlock } from './resultRender';

type Post = (message: WebviewMessage) => void;

/** What a prompt message's links do here: links are never opened from here; a resource link reads the resource in this view. */
function linkActions(post: Post): { openResource(uri: string): void; openLink(uri: string): void } {
  return {
    openResource: (uri: string) => post({ type: 'openResource', uri }),
    openLink: (uri: string) => post({ type: 'openResource', uri }),
  };
}

function banner(icon: string, title: string, detail?: string, ms?: number, hint?: string): HTMLElement {
  return statusBanner(
    icon,
    title,
    detail || undefined,
    hint ? el('div', { className: 'banner-hint', text: hint }) : undefined,
    ms !== undefined ? el('span', { className: 'latency', text: `${ms} ms` }) : undefined,
  );
}

/** Under a read's contents or a prompt's messages: the whole result as JSON, in an editor. */
function resultJsonAction(post: Post): HTMLElement {
  return el(
    'div',
    { className: 'result-actions' },
    button('Result JSON', () => post({ type: 'openJson' }), { className: 'secondary small' }),
  );
}

export function readView(o: ReadOutcome, post: Post): HTMLElement {
  if (o.kind === 'failed') return el('section', { className: 'result result-not-sent' }, banner('ℹ', 'Not read', o.message));
  if (o.kind === 'protocolError') {
    const title = o.notFound ? `Resource not found (JSON-RPC ${o.code})` : `JSON-RPC error ${o.code}`;
    return el(
      'section',
      { className: 'result result-protocol-error' },
      banner('⊘', title, o.message, o.ms, o.explanation),
      o.data !== undefined ? jsonTree(o.data) : undefined,
    );
  }
  const section = el(
    'section',
    { className: 'result result-ok' },
    banner('✓', o.parts.length === 1 ? 'Read 1 item' : `Read ${o.parts.length} items`, o.uri, o.ms),
  );
  if (o.parts.length === 0)
    section.appendChild(
      el('div', {
        className: 'warn-text',
        text: 'The result has no contents (a server MUST NOT answer a read with an empty contents array).',
      }),
    );
  o.parts.forEach((p, i) => section.appendChild(partView(p, i, post)));
  if (o.clipped)
    section.appendChild(
      el('div', { className: 'muted', text: 'Large parts are clipped here; Open in Editor and Save as… have them whole.' }),
    );
  section.appendChild(resultJsonAction(post));
  return section;
}

function partView(p: ResourcePart, index: number, post: Post): HTMLElement {
  const head = (label: string, meta: string) =>
    el(
      'div',
      { className: 'block-head' },
      el('span', { className: 'block-type', text: label }),
      el('span', { className: 'muted', text: meta }),
    );
  if (p.kind === 'invalid')
    return el('div', { className: 'block' }, head('invalid', p.uri), el('div', { className: 'warn-text', text: p.reason }));
  if (p.kind === 'text') {
    return el(
      'div',
      { className: 'block block-text' },
      head('text', [p.mimeType ?? 'no mimeType', p.uri, `${p.text.length} characters`].join(' · ')),
      el('pre', { className: 'text-content', text: p.text }),
      button(`Open in Editor (${p.languageId})`, () => post({ type: 'openText', index }), { className: 'secondary small' }),
    );
  }
  const box = el('div', { className: 'block block-blob' }, head('blob', [p.mimeType ?? 'no mimeType', p.uri, bytes(p.bytes)].join(' · ')));
  const src = `data:${p.mimeType};base64,${p.blob.replace(/\s+/g, '')}`;
  if (p.preview === 'image') {
    const img = el('img', { attrs: { alt: `image ${p.uri}` } });
    img.addEventListener('load', () => {
      if (img.naturalWidth < 48) img.classList.add('small');
    });
    img.src = src;
    box.appendChild(img);
  } else if (p.preview === 'audio') {
    const audio = el('audio', { attrs: { controls: '' } });
    audio.src = src;
    box.appendChild(audio);
  }
  box.appendChild(button('Save as…', () => post({ type: 'saveBlob', index }), { className: 'secondary small' }));
  return box;
}

export function promptView(o: PromptOutcome, post: Post): HTMLElement {
  if (o.kind === 'failed') return el('section', { className: 'result result-not-sent' }, banner('ℹ', 'Not sent', o.message));
  if (o.kind === 'protocolError')
    return el(
      'section',
      { className: 'result result-protocol-error' },
      banner('⊘', `JSON-RPC error ${o.code}`, o.message, o.ms),
      o.data !== undefined ? jsonTree(o.data) : undefined,
    );
  const section = el(
    'section',
    { className: 'result result-ok' },
    banner('✓', `${o.messages.length} message${o.messages.length === 1 ? '' : 's'}`, o.description, o.ms),
  );
  const conversation = el('ol', { className: 'conversation', attrs: { 'aria-label': 'Prompt messages' } });
  for (const m of o.messages) {
    conversation.appendChild(
      el(
        'li',
        { className: `message role-${m.role === 'assistant' ? 'assistant' : m.role === 'user' ? 'user' : 'other'}` },
        el('div', { className: 'role', text: m.role }),
        contentBlock(m.content, linkActions(post)),
      ),
    );
  }
  section.appendChild(conversation);
  section.appendChild(resultJsonAction(post));
  return section;
}

function bytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} bytes`;
}
