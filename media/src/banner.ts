/**
 * The status banner above a result (a tool call's, a resource read's, a prompt's): its icon, its
 * title, a detail line, what a caller adds under them, and the latency at the end.
 */
import { el } from './dom';

export function statusBanner(icon: string, title: string, detail?: string, under?: HTMLElement, latency?: HTMLElement): HTMLElement {
  return el(
    'div',
    { className: 'banner', attrs: { role: 'status' } },
    el('span', { className: 'banner-icon', text: icon, attrs: { 'aria-hidden': 'true' } }),
    el(
      'div',
      { className: 'banner-text' },
      el('div', { className: 'banner-title', text: title }),
      detail !== undefined ? el('div', { className: 'banner-detail', text: detail }) : undefined,
      under,
    ),
    latency,
  );
}
