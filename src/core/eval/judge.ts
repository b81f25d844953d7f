/**
 * Whether one repetition did what its case expects. Each unmet expectation is one failure in
 * words a server author can act on; a run that never reached an answer fails with why.
 */
import { validateArguments } from '../schema/argsValidator';
import { isRecord } from '../schema/isRecord';
import { compareJson, stableJson, type Mismatch } from '../testing/jsonMatch';
import type { CallRecord, RunRecord } from './agentLoop';
import type { JudgeVerdict } from './answerJudge';
import type { EvalExpect } from './evalFile';

/** The tools any one of which the case expects (none: the case does not ask for a tool). */
export function expectedTools(expect: EvalExpect): string[] {
  return expect.tool ? [expect.tool] : (expect.anyOf ?? []);
}

export function judgeRun(expect: EvalExpect, run: RunRecord): string[] {
  const failures: string[] = [];
  if (run.stop !== 'answer') failures.push(run.error ?? run.stop);
  // A model that never answered (its provider failed, the token cap) says nothing about the expectations.
  if (run.stop === 'model-error' || run.stop === 'token-cap') return failures;
  for (const call of run.calls.filter((c) => c.blocked))
    failures.push(`called ${call.name}, which is destructive; not run without --allow-destructive`);
  const wanted = expectedTools(expect);
  if (wanted.length) {
    const named = run.calls.filter((c) => wanted.includes(c.name));
    if (named.length === 0) {
      const called = run.calls.map((c) => c.name);
      failures.push(
        `expected a call to ${wanted.join(' or ')}; ${called.length ? `the model called ${[...new Set(called)].join(', ')}` : 'the model called no tool'}`,
      );
    } else if (!named.some((c) => argsProblems(expect, c).length === 0)) {
      failures.push(`${named[0].name} was called with the wrong arguments: ${argsProblems(expect, named[0]).join('; ')}`);
    }
  }
  for (const name of expect.notTools ?? [])
    if (run.calls.some((c) => c.name === name)) failures.push(`called ${name}, which this case must not call`);
  if (expect.answer && run.stop === 'answer') failures.push(...answerProblems(expect.answer, run.answer));
  if (expect.judge !== undefined && run.stop === 'answer') {
    const problem = verdictProblem(run.verdict);
    if (problem) failures.push(problem);
  }
  return failures;
}

/** Only a readable "pass" passes: a verdict that cannot be read, or no verdict, is not one. */
function verdictProblem(v: JudgeVerdict | undefined): string | undefined {
  if (!v) return 'the answer was not judged';
  switch (v.verdict) {
    case 'pass':
      return undefined;
    case 'fail':
      return `the judge (${v.model}) failed the answer: ${v.reason}`;
    case 'unreadable':
      return `the judge (${v.model}) gave no verdict that can be read: ${v.reason}`;
    case 'error':
      return `the answer could not be judged (${v.model}): ${v.reason}`;
  }
}

function argsProblems(expect: EvalExpect, call: CallRecord): string[] {
  const args = call.args;
  const problems: string[] = [];
  if (expect.args) problems.push(...compareJson(expect.args, args, 'subset').map((m) => mismatch(m, '')));
  const match = expect.argsMatch;
  if (match?.equals) problems.push(...compareJson(match.equals, args, 'equal').map((m) => mismatch(m, 'exactly ')));
  for (const [name, pattern] of Object.entries(match?.patterns ?? {})) {
    const value = isRecord(args) ? args[name] : undefined;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (value === undefined || !new RegExp(pattern, 'u').test(text))
      problems.push(`${name} is ${value === undefined ? 'missing' : text}, expected to match /${pattern}/`);
  }
  if (match?.schema !== undefined) {
    const checked = validateArguments(match.schema, args);
    problems.push(...checked.errors.map((e) => `${e.path || '/'} ${e.message} (the case's argsMatch.schema)`));
  }
  return problems;
}

function mismatch(m: Mismatch, how: string): string {
  const at = m.path || '/';
  if (m.actual === undefined) return `${at} is missing, expected ${how}${stableJson(m.expected)}`;
  if (m.expected === undefined) return `${at} is ${stableJson(m.actual)}, which the case does not expect`;
  return `${at} is ${stableJson(m.actual)}, expected ${how}${stableJson(m.expected)}`;
}

function answerProblems(answer: NonNullable<EvalExpect['answer']>, text: string): string[] {
  const problems: string[] = [];
  const lower = text.toLowerCase();
  const list = (v: string | string[] | undefined) => (v === undefined ? [] : typeof v === 'string' ? [v] : v);
  // Case-insensitive: "Oslo" and "oslo" say the same to a user.
  for (const s of list(answer.contains))
    if (!lower.includes(s.toLowerCase())) problems.push(`the answer does not contain ${JSON.stringify(s)}`);
  for (const s of list(answer.notContains)) if (lower.includes(s.toLowerCase())) problems.push(`the answer contains ${JSON.stringify(s)}`);
  if (answer.matches !== undefined && !new RegExp(answer.matches, 'u').test(text))
    problems.push(`the answer does not match /${answer.matches}/`);
  return problems;
}
