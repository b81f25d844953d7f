/**
 * The tool form's actions row: the Run button, the "Run as a task" choice (or the note that
 * the tool requires a task), and the keys that run and close the form.
 */
import type { ToolSummary } from '../../src/extension/tools/protocol';
import { el } from './dom';

/** The row and its Run button (a submit button: the form's submit runs the call). */
export function formActions(
  tool: ToolSummary,
  asTask: { get(): boolean; set(value: boolean): void },
): { actions: HTMLElement; runButton: HTMLButtonElement } {
  const actions = el('div', { className: 'form-actions' });
  const runButton = el('button', { className: 'primary', attrs: { type: 'submit' } });
  actions.appendChild(runButton);
  if (tool.taskSupport === 'optional') {
    const box = el('input', { attrs: { type: 'checkbox', id: 'run-as-task' } });
    box.checked = asTask.get();
    box.addEventListener('change', () => asTask.set(box.checked));
    actions.appendChild(
      el(
        'label',
        {
          className: 'task-choice',
          title: 'Run it as a task: the server answers with a task, polled with tasks/get until it ends (Cancel sends tasks/cancel)',
          attrs: { for: 'run-as-task' },
        },
        box,
        ' Run as a task',
      ),
    );
  } else if (tool.taskSupport === 'required') {
    actions.appendChild(el('span', { className: 'muted task-choice', text: 'Runs as a task (the tool requires it)' }));
  }
  actions.appendChild(el('span', { className: 'muted keys', text: 'Enter runs · Esc closes' }));
  return { actions, runButton };
}

/** What a key press on the page asks for: Esc closes (unless an ask is open), Enter runs from a field. */
export function keyAction(e: KeyboardEvent, asksOpen: boolean): 'close' | 'run' | undefined {
  const target = e.target as HTMLElement | null;
  if (e.key === 'Escape') {
    // An open ask is answered with its own buttons: Esc must not close the panel under it.
    return asksOpen ? undefined : 'close';
  }
  if (e.key !== 'Enter' || target?.closest('.ask')) return undefined;
  const inTextarea = target?.tagName === 'TEXTAREA';
  const onButton = target?.tagName === 'BUTTON' || target?.tagName === 'SUMMARY';
  // Enter runs from any field; in a multi-line box it takes Ctrl/Cmd+Enter.
  if (onButton || (inTextarea && !(e.ctrlKey || e.metaKey))) return undefined;
  return 'run';
}
