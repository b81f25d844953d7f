/**
 * Builds DOM nodes. Text is only ever set as text (a text node or textContent): whatever a
 * server sends — names, descriptions, results — is never parsed as HTML.
 */
import { showReordering } from '../../src/core/text/invisibles';

type Child = Node | string | number | undefined | null | false;

export interface Props {
  className?: string;
  text?: string;
  attrs?: Record<string, string | undefined>;
  title?: string;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  // Text that reorders or hides itself (bidi overrides, zero-width spaces) is written out as ⟨U+XXXX⟩.
  if (props.text !== undefined) node.textContent = showReordering(props.text);
  if (props.title !== undefined) node.title = props.title;
  for (const [name, value] of Object.entries(props.attrs ?? {})) if (value !== undefined) node.setAttribute(name, value);
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    parent.appendChild(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(showReordering(String(child))) : child,
    );
  }
}

export function button(
  label: string,
  onClick: () => void,
  options: { className?: string; title?: string; ariaLabel?: string } = {},
): HTMLButtonElement {
  const b = el('button', {
    className: options.className ?? 'secondary',
    text: label,
    title: options.title,
    attrs: { type: 'button', 'aria-label': options.ariaLabel },
  });
  b.addEventListener('click', (e) => {
    e.preventDefault();
    onClick();
  });
  return b;
}

let nextId = 0;
export function uid(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}
