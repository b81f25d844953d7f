// The stderr panel's webview: diagnostics cards on the left, the server's stderr (with stray
// stdout flagged) on the right. Everything a server wrote goes in through textContent only.
import { showReordering } from '../../src/core/text/invisibles';
import type { OutputLine } from '../../src/extension/stderr/outputBuffer';
import { MAX_DOM_ROWS, type Card, type HostMessage, type PanelHeader, type ViewMessage } from '../../src/extension/stderr/protocol';

declare function acquireVsCodeApi(): { postMessage(message: ViewMessage): void };
const vscode = acquireVsCodeApi();

const STAGE_TEXT: Record<string, string> = {
  transport: 'transport',
  framing: 'framing',
  initialization: 'initialization',
  negotiation: 'negotiation',
  invocation: 'invocation',
  envelope: 'envelope',
  flow: 'flow',
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  // Text that reorders or hides itself (bidi overrides, zero-width spaces) is written out as ⟨U+XXXX⟩.
  if (text !== undefined) node.textContent = showReordering(text);
  return node;
}

const root = document.getElementById('root')!;
const header = el('header', 'header');
const title = el('span', 'title');
const state = el('span', 'state');
header.append(title, state);
const layout = el('div', 'layout');
const cardsPane = el('section', 'cards');
cardsPane.setAttribute('aria-label', 'Diagnostics');
const logPane = el('section', 'log');
logPane.setAttribute('aria-label', 'stderr');
const hiddenNote = el('span', 'hidden-note');
hiddenNote.title = 'The panel draws the newest lines; Open as Text has every line of the run';
const rows = el('div', 'rows');
// The server's log entries (notifications/message) below a chosen level are hidden, stderr never.
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const levelFilter = el('select', 'level-filter');
levelFilter.setAttribute('aria-label', 'Show log messages from this level up');
for (const level of LEVELS)
  levelFilter.append(
    Object.assign(el('option', undefined, level === 'debug' ? 'log: all levels' : `log: ${level} and up`), { value: level }),
  );
levelFilter.addEventListener('change', () => {
  rows.querySelectorAll<HTMLElement>('.row.log').forEach(applyLevel);
});
function applyLevel(row: HTMLElement): void {
  const level = LEVELS.indexOf(row.dataset.level ?? '');
  row.hidden = level >= 0 && level < LEVELS.indexOf(levelFilter.value);
}
// The panel draws the newest MAX_DOM_ROWS rows; the editor shows every line of the run. The
// toolbar stays in view however far the rows are scrolled, the hidden count with it.
const toolbar = el('div', 'log-toolbar');
toolbar.append(
  hiddenNote,
  levelFilter,
  link(
    'Open as Text',
    () => vscode.postMessage({ type: 'openText' }),
    "Opens this run's stderr, stray stdout and log entries in an editor",
  ),
);
logPane.append(toolbar, rows);
layout.append(cardsPane, logPane);
root.append(header, layout);

let hidden = 0;
let strayRows = 0;
let cardRules: string[] = [];
const rowBySeq = new Map<number, HTMLElement>();

function setHeader(h: PanelHeader | undefined): void {
  title.textContent = h ? h.server : 'No server selected';
  state.textContent = h ? h.state : 'Select a server in the Servers view; its stderr and diagnostics show here.';
}

function link(text: string, onClick: () => void, label?: string): HTMLAnchorElement {
  const a = el('a', 'link', text);
  a.href = '#';
  if (label) a.title = label;
  a.addEventListener('click', (event) => {
    event.preventDefault();
    onClick();
  });
  return a;
}

function renderCard(card: Card): HTMLElement {
  const node = el('article', `card ${card.severity}`);
  const top = el('div', 'card-top');
  top.append(
    el('span', `badge stage-${card.stage}`, STAGE_TEXT[card.stage] ?? card.stage),
    el('span', 'rule', card.rule),
    el('span', `severity ${card.severity}`, card.severity),
  );
  node.append(top, el('p', 'message', card.message));
  if (card.source) {
    const source = card.source;
    const where = el('p', 'source');
    where.append(
      el('span', 'label', 'Written at '),
      link(
        source.label,
        () => vscode.postMessage({ type: 'open', file: source.file, line: source.line, column: source.column }),
        source.file,
      ),
    );
    node.append(where);
  }
  if (card.evidence.length > 0) {
    const evidence = el('p', 'evidence');
    evidence.append(el('span', 'label', 'Evidence: '));
    card.evidence.forEach((e, i) => {
      if (i > 0) evidence.append(document.createTextNode(', '));
      // "seq", as the card's message says it: "#N" is a JSON-RPC id in the Messages view.
      evidence.append(link(`${e.label} (seq ${e.seq})`, () => vscode.postMessage({ type: 'reveal', seq: e.seq }), 'Show this message'));
    });
    node.append(evidence);
  }
  node.append(el('p', `retry ${card.retry ? 'yes' : 'no'}`, card.retry ? 'Retrying can help.' : 'Retrying will not help.'));
  if (card.hint) node.append(el('p', 'hint', card.hint));
  return node;
}

function renderCards(cards: Card[]): void {
  cardsPane.replaceChildren();
  const heading = el('h2', 'pane-title', cards.length ? `Diagnostics (${cards.length})` : 'Diagnostics');
  cardsPane.append(heading);
  if (cards.length === 0) cardsPane.append(el('p', 'empty', 'Nothing wrong seen so far.'));
  for (const card of cards) cardsPane.append(renderCard(card));
  cardRules = cards.map((c) => c.rule);
}

function lineRow(line: OutputLine): HTMLElement {
  const row = el('div', `row ${line.kind}`);
  row.dataset.seq = String(line.seq);
  if (line.kind === 'stray') {
    const flag = link(
      'stdout',
      () => vscode.postMessage({ type: 'reveal', seq: line.seq }),
      'A stdout line that is not JSON-RPC: show it in Messages',
    );
    flag.className = 'flag';
    row.append(flag);
    strayRows += 1;
  }
  if (line.kind === 'log') {
    row.dataset.level = line.level ?? 'unknown';
    row.classList.add(`level-${line.level ?? 'unknown'}`);
    row.append(el('span', 'flag log-flag', 'log'));
    applyLevel(row);
  }
  row.append(el('span', 'text', line.text));
  if (line.fullLength !== undefined) {
    const more = link(
      `… ${(line.fullLength - line.text.length).toLocaleString('en-US')} more characters: open the full line`,
      () => vscode.postMessage({ type: 'openLine', seq: line.seq }),
      'Opens the whole line as text in an editor',
    );
    more.className = 'link more';
    row.append(more);
  }
  return row;
}

function appendLines(lines: OutputLine[], dropped: number): void {
  hidden += dropped;
  const stick = logPane.scrollTop + logPane.clientHeight >= logPane.scrollHeight - 4;
  // Only the newest MAX_DOM_ROWS of a batch are ever built.
  const fresh = lines.length > MAX_DOM_ROWS ? lines.slice(-MAX_DOM_ROWS) : lines;
  hidden += lines.length - fresh.length;
  if (fresh.length > 0) rows.querySelector(':scope > .empty')?.remove();
  const fragment = document.createDocumentFragment();
  for (const line of fresh) {
    const row = lineRow(line);
    rowBySeq.set(line.seq, row);
    fragment.append(row);
  }
  rows.append(fragment);
  let excess = rows.childElementCount - MAX_DOM_ROWS;
  while (excess-- > 0) {
    const first = rows.firstElementChild as HTMLElement;
    if (first.classList.contains('stray')) strayRows -= 1;
    rowBySeq.delete(Number(first.dataset.seq));
    first.remove();
    hidden += 1;
  }
  setHidden(hidden);
  if (rows.childElementCount === 0) rows.replaceChildren(el('p', 'empty', 'No stderr output yet.'));
  if (stick) logPane.scrollTop = logPane.scrollHeight;
}

function setHidden(count: number): void {
  hidden = count;
  hiddenNote.textContent = hidden > 0 ? `${hidden.toLocaleString('en-US')} earlier lines not drawn` : '';
  hiddenNote.hidden = hidden === 0;
}

function report(): void {
  vscode.postMessage({ type: 'rendered', cards: cardRules, rows: rowBySeq.size, hidden, strayRows });
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message.type) {
    case 'reset':
      setHeader(message.header);
      hidden = message.hidden;
      strayRows = 0;
      rowBySeq.clear();
      rows.replaceChildren();
      appendLines(message.lines, 0);
      renderCards(message.cards);
      logPane.scrollTop = logPane.scrollHeight;
      break;
    case 'append':
      appendLines(message.lines, message.dropped);
      // The host counts every line: what is not a row here is hidden, whatever reached us.
      setHidden(message.total - rowBySeq.size);
      break;
    case 'cards':
      setHeader(message.header);
      renderCards(message.cards);
      break;
    case 'highlight': {
      const row = rowBySeq.get(message.seq);
      rows.querySelectorAll('.row.highlight').forEach((old) => old.classList.remove('highlight'));
      if (row) {
        row.classList.add('highlight');
        row.scrollIntoView({ block: 'center' });
      }
      break;
    }
  }
  report();
});

setHeader(undefined);
renderCards([]);
vscode.postMessage({ type: 'ready' });
