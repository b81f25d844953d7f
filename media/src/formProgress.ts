/**
 * The tool panel's running call: the banner with the elapsed time, the progress bar and its
 * text, the task's id and status (as the server put them, text only) and the Cancel button.
 * Updated in place as progress and task statuses arrive, so Cancel stays clickable.
 */
import type { ProgressInfo, TaskInfo } from '../../src/extension/tools/protocol';
import { button, el } from './dom';

export interface RunningCall {
  startedAt: number;
  progress?: ProgressInfo;
  task?: TaskInfo;
  timer?: number;
}

export interface ProgressView {
  bar: HTMLProgressElement;
  text: HTMLElement;
  task: HTMLElement;
  cancel: HTMLButtonElement;
}

/** "Task … · working — …": a task's id and status line. */
export function taskText(t: TaskInfo): string {
  return `Task ${t.taskId} · ${t.status}${t.statusMessage ? ` — ${t.statusMessage}` : ''}`;
}

/** The running task's id and latest status, as the server put them (text only). */
export function updateTask(line: HTMLElement, t: TaskInfo | undefined): void {
  line.textContent = t ? taskText(t) : '';
  line.hidden = !t;
}

export function updateProgress(bar: HTMLProgressElement, text: HTMLElement, p: ProgressInfo | undefined): void {
  if (p?.total) {
    bar.max = p.total;
    bar.value = p.progress;
  } else bar.removeAttribute('value');
  text.textContent = p ? `${p.progress}${p.total ? ` / ${p.total}` : ''}${p.message ? ` — ${p.message}` : ''}` : 'Waiting for the server…';
}

/** The running call's section; its elapsed time ticks (the timer kept on `r`, cleared when the result comes). */
export function runningSection(r: RunningCall, toolName: string, cancel: () => void): { section: HTMLElement; view: ProgressView } {
  const elapsed = el('span', { className: 'latency' });
  const tick = () => (elapsed.textContent = `${((Date.now() - r.startedAt) / 1000).toFixed(1)} s`);
  tick();
  if (r.timer) window.clearInterval(r.timer);
  r.timer = window.setInterval(tick, 100);
  const bar = el('progress', { attrs: { 'aria-label': 'Progress' } });
  const text = el('div', { className: 'banner-detail' });
  const task = el('div', { className: 'task-status', attrs: { role: 'status' } });
  updateProgress(bar, text, r.progress);
  updateTask(task, r.task);
  // A task is cancelled with tasks/cancel (its tools/call was answered long ago).
  const cancelButton = button('Cancel', cancel, {
    className: 'secondary',
    title: r.task ? 'Send tasks/cancel' : 'Send notifications/cancelled',
  });
  const section = el(
    'section',
    { className: 'result result-running', attrs: { 'aria-label': 'Running' } },
    el(
      'div',
      { className: 'banner' },
      el('span', { className: 'banner-icon spin', text: '◌' }),
      el('div', { className: 'banner-text' }, el('div', { className: 'banner-title', text: `Running ${toolName}…` }), text),
      elapsed,
    ),
    bar,
    task,
    cancelButton,
  );
  return { section, view: { bar, text, task, cancel: cancelButton } };
}
