/**
 * The tool panel's webview: the form generated from the tool's inputSchema, a raw-JSON
 * view kept in sync with it, and the result below. Validation and the call happen in the
 * extension host (ajv compiles code, which this page's CSP forbids); this page sends the
 * arguments and draws what comes back. The draft survives the panel being hidden (setState).
 */
import type { DraftValue, FieldError, FormModel } from '../../src/core/schema/formTypes';
import { fieldDraft, initialValue, toArguments } from '../../src/core/schema/formValues';
import type { CallOutcome, HostMessage, PanelState, ToolSummary, WebviewMessage } from '../../src/extension/tools/protocol';
import { button, el } from './dom';
import { renderRoot, type RenderContext } from './formRender';
import { revealFirstError as revealFirstErrorIn, showErrors as showErrorsIn } from './formErrors';
import { runningSection, taskText, updateProgress, updateTask, type ProgressView, type RunningCall } from './formProgress';
import { renderOutcome } from './resultRender';
import { askView } from './asks';
import { appArea, isAppMessage } from './appFrame';
import { focusFirst, focusedIndex, restoreFocus } from './formFocus';
import { toolHeader } from './formHeader';
import { formActions, keyAction } from './formActions';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): PanelState | undefined;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app')!;

let tool: ToolSummary | undefined;
let model: FormModel | undefined;
let draft: DraftValue;
let raw = false;
let rawText = '';
let serverState = '';
let errors: FieldError[] = [];
let schemaProblem: string | undefined;
/** After the first Run, every change is validated again so errors clear as they are fixed. */
let validateLive = false;
let running: RunningCall | undefined;
/** "Run as a task" ticked (a tool whose taskSupport is "optional"). */
let asTask = false;
let last: PanelState['last'];
let slots = new Map<string, HTMLElement>();
let validateTimer: number | undefined;
/** A Run was asked for: its errors take the focus, its result is scrolled into view. */
let runPending = false;

const post = (message: WebviewMessage) => vscode.postMessage(message);
/** The server's asks during a call (elicitation, sampling): kept across re-renders of the form. */
const asksEl = el('div', { className: 'asks' });
const asks = askView(asksEl, post);

/** Read while this script first runs: the app's proxy frame runs on the same nonce. */
const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
/** The tool's MCP App, outside #app: re-rendering the form never reloads its frame. */
const appView = appArea((message) => post(message), nonce);
document.body.appendChild(appView.element);

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  if (appView.relayed(event)) return;
  // The extension's messages come from VS Code's frames, on this page's origin; an app's
  // frame (sandboxed: an opaque origin, "null") posting here is not the extension.
  if (event.origin !== window.origin) return;
  onHostMessage(event.data);
});
document.addEventListener('keydown', onKey);
post({ type: 'ready' });

function onHostMessage(message: HostMessage): void {
  if (isAppMessage(message)) return appView.handle(message);
  switch (message.type) {
    case 'ask':
    case 'askErrors':
    case 'askDone':
      asks.handle(message);
      return;
    case 'init': {
      const saved = vscode.getState();
      const first = tool === undefined;
      tool = message.tool;
      model = message.model;
      serverState = message.serverState;
      if (saved && saved.schemaKey === message.tool.schemaKey) {
        draft = saved.draft;
        raw = saved.raw;
        rawText = saved.rawText ?? '';
        last = saved.last;
      } else if (first || !saved) {
        draft = initialValue(model, message.lastArgs);
      } else {
        // The schema changed under an open form (a restart): keep what still fits.
        draft = initialValue(model, currentArgs().args);
      }
      if (raw && rawText === '') rawText = JSON.stringify(currentArgs().args, null, 2);
      render();
      focusFirst(app, runButton);
      return;
    }
    case 'serverState':
      serverState = message.state;
      renderStatus();
      return;
    case 'validation':
      errors = message.errors;
      schemaProblem = message.schemaProblem;
      showErrors();
      if (runPending && errors.length > 0) {
        runPending = false;
        revealFirstError();
      }
      return;
    case 'running':
      running = { startedAt: message.startedAt };
      renderResult();
      return;
    case 'progress':
      if (running) running.progress = message.progress;
      // In place: a Cancel button re-created on every notification could not be clicked.
      if (progressView) updateProgress(progressView.bar, progressView.text, running?.progress);
      else renderResult();
      return;
    case 'task':
      if (running) running.task = message.task;
      if (progressView) {
        updateTask(progressView.task, running?.task);
        progressView.cancel.title = 'Send tasks/cancel';
      } else renderResult();
      return;
    case 'result':
      if (running?.timer) window.clearInterval(running.timer);
      running = undefined;
      last = { outcome: message.outcome, args: message.args };
      if (message.external && model) {
        draft = initialValue(model, message.args);
        rawText = JSON.stringify(message.args, null, 2);
        render();
      } else {
        renderResult();
        renderRunButton();
      }
      if (runPending || message.external) resultEl?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      runPending = false;
      save();
      return;
  }
}

function save(): void {
  if (tool) vscode.setState({ schemaKey: tool.schemaKey, draft, raw, rawText, last });
}

/** The arguments as the form (or the raw text) holds them now. */
function currentArgs(): { args: Record<string, unknown>; errors: FieldError[] } {
  if (raw) {
    try {
      const parsed = JSON.parse(rawText || '{}') as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return { args: {}, errors: [{ path: '', message: 'The arguments must be a JSON object' }] };
      return { args: parsed as Record<string, unknown>, errors: [] };
    } catch (error) {
      return { args: {}, errors: [{ path: '', message: `Invalid JSON: ${(error as Error).message}` }] };
    }
  }
  return model ? toArguments(model, draft) : { args: {}, errors: [] };
}

function run(): void {
  if (!tool || running) return;
  const { args, errors: local } = currentArgs();
  validateLive = true;
  if (local.length > 0) {
    errors = local;
    schemaProblem = undefined;
    showErrors();
    revealFirstError();
    return;
  }
  runPending = true;
  post({ type: 'run', args, ...(tool.taskSupport === 'optional' && asTask ? { asTask: true } : {}) });
}

function onChange(structural: boolean): void {
  if (structural) render();
  save();
  if (!validateLive) return;
  window.clearTimeout(validateTimer);
  validateTimer = window.setTimeout(() => {
    const { args, errors: local } = currentArgs();
    if (local.length > 0) {
      errors = local;
      showErrors();
    } else post({ type: 'validate', args });
  }, 250);
}

// ---------------------------------------------------------------------------------------

let statusEl: HTMLElement | undefined;
let resultEl: HTMLElement | undefined;
let runButton: HTMLButtonElement | undefined;
let summaryEl: HTMLElement | undefined;

function render(): void {
  if (!tool || !model) return;
  const focus = focusedIndex(app);
  app.replaceChildren();
  slots = new Map();

  const { header, status } = toolHeader(tool);
  statusEl = status;
  app.appendChild(header);
  renderStatus();

  const form = el('form', { className: 'tool-form', attrs: { novalidate: '', 'aria-label': `Arguments of ${tool.name}` } });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    run();
  });
  const toolbar = el('div', { className: 'form-toolbar' }, el('span', { className: 'section-title', text: 'Arguments' }));
  const toggle = button(raw ? 'Form' : '{ } JSON', toggleRaw, {
    className: 'secondary small',
    title: raw ? 'Edit the arguments as fields' : 'Edit the arguments as JSON (kept in sync with the fields)',
  });
  toggle.setAttribute('aria-pressed', String(raw));
  toolbar.appendChild(toggle);
  toolbar.appendChild(button('Reset', reset, { className: 'secondary small', title: 'Back to the defaults' }));
  form.appendChild(toolbar);
  summaryEl = el('div', { className: 'error-summary', attrs: { role: 'alert' } });
  form.appendChild(summaryEl);

  if (raw) {
    const area = el('textarea', { className: 'raw-json', attrs: { rows: '12', spellcheck: 'false', 'aria-label': 'Arguments as JSON' } });
    area.value = rawText;
    area.addEventListener('input', () => {
      rawText = area.value;
      // The fields follow the text whenever it parses, so switching back loses nothing.
      try {
        const parsed = JSON.parse(rawText) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) draft = fieldDraft(model!.root, parsed);
      } catch {
        // Half-typed JSON: the fields keep their last good value.
      }
      onChange(false);
    });
    form.appendChild(area);
    slots.set('', summaryEl);
  } else {
    const ctx: RenderContext = { slots, changed: onChange };
    form.appendChild(renderRoot(model.root, { get: () => draft, set: (v) => (draft = v) }, ctx));
  }

  const row = formActions(tool, { get: () => asTask, set: (value) => (asTask = value) });
  const actions = row.actions;
  runButton = row.runButton;
  form.appendChild(actions);
  app.appendChild(form);
  renderRunButton();
  app.appendChild(asksEl);

  resultEl = el('div', { className: 'result-area' });
  app.appendChild(resultEl);
  renderResult();
  showErrors();
  restoreFocus(app, focus);
}

function renderStatus(): void {
  if (!statusEl || !tool) return;
  statusEl.textContent = `${tool.server} · ${serverState}`;
  statusEl.className = `server-badge state-${serverState}`;
}

function renderRunButton(): void {
  if (!runButton) return;
  runButton.textContent = running ? 'Running…' : '▶ Run';
  runButton.disabled = running !== undefined;
  runButton.title =
    serverState === 'running' ? 'Validate and send tools/call (Enter)' : 'Start the server, then validate and send tools/call (Enter)';
}

let progressView: ProgressView | undefined;

function renderResult(): void {
  if (!resultEl || !tool) return;
  renderRunButton();
  resultEl.replaceChildren();
  progressView = undefined;
  if (running) {
    const shown = runningSection(running, tool.name, () => post({ type: 'cancel' }));
    progressView = shown.view;
    resultEl.appendChild(shown.section);
    return;
  }
  if (last) {
    resultEl.appendChild(
      renderOutcome(last.outcome as CallOutcome, tool.name, {
        openResource: (uri) => post({ type: 'openResource', uri }),
        openLink: (uri) => post({ type: 'openLink', uri }),
        openJson: (title, value) => post({ type: 'openJson', title, value }),
        openFullResult: () => post({ type: 'openFullResult' }),
        openImage: (index) => post({ type: 'openImage', index }),
        saveAsTest: () => post({ type: 'saveAsTest' }),
      }),
    );
    const t = last.outcome.kind === 'result' ? last.outcome.task : undefined;
    if (t) resultEl.appendChild(el('div', { className: 'task-status', text: taskText(t) }));
  }
}

function showErrors(): void {
  if (summaryEl) showErrorsIn({ slots, summary: summaryEl, raw }, errors, schemaProblem);
}

function revealFirstError(): void {
  revealFirstErrorIn(app, summaryEl);
}

function toggleRaw(): void {
  if (!model) return;
  if (!raw) {
    rawText = JSON.stringify(currentArgs().args, null, 2);
    raw = true;
  } else {
    const parsed = currentArgs();
    if (parsed.errors.length) {
      errors = parsed.errors;
      showErrors();
      return;
    }
    draft = fieldDraft(model.root, parsed.args);
    raw = false;
  }
  save();
  render();
  focusFirst(app, runButton);
}

function reset(): void {
  if (!model) return;
  draft = initialValue(model);
  rawText = JSON.stringify(toArguments(model, draft).args, null, 2);
  errors = [];
  validateLive = false;
  save();
  render();
}

function onKey(e: KeyboardEvent): void {
  const action = keyAction(e, asks.open > 0);
  if (!action) return;
  e.preventDefault();
  if (action === 'close') post({ type: 'close' });
  else run();
}
