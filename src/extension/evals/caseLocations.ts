/**
 * Where each case of an eval file sits: its `name` (the Test Explorer's gutter) and each key of
 * its `expect`, so a failure points at the expectation it broke rather than at the file.
 */
import type { Node } from 'jsonc-parser';
import { parseJsonc, properties, property } from '../../core/config/jsonc';

/** 0-based, as the editor's positions are. */
export interface Place {
  line: number;
  character: number;
}

export interface CaseLocations {
  name: Place;
  expect: Record<string, Place>;
}

export function caseLocations(text: string): Map<string, CaseLocations> {
  const doc = parseJsonc(text.replace(/^\uFEFF/, ''));
  const out = new Map<string, CaseLocations>();
  const cases = doc.root && property(doc.root, 'cases');
  const at = (node: Node): Place => ({ line: doc.lines.line(node.offset), character: doc.lines.column(node.offset) });
  for (const c of cases?.type === 'array' ? (cases.children ?? []) : []) {
    if (c.type !== 'object') continue;
    const nameNode = property(c, 'name');
    if (nameNode?.type !== 'string') continue;
    const expect = property(c, 'expect');
    const keys = expect?.type === 'object' ? properties(expect).map((p) => [p.key, at(p.keyNode)] as const) : [];
    out.set(String(nameNode.value), { name: at(nameNode), expect: Object.fromEntries(keys) });
  }
  return out;
}

/**
 * The expectation a failure is about, from the judge's words: the expected tool, its
 * arguments, a forbidden tool, the answer. A run that ended without an answer is the case's.
 */
export function failurePlace(failure: string, where: CaseLocations | undefined): Place | undefined {
  if (!where) return undefined;
  const e = where.expect;
  if (failure.startsWith('expected a call to ')) return e.tool ?? e.anyOf ?? where.name;
  if (failure.includes(' was called with the wrong arguments')) return e.args ?? e.argsMatch ?? where.name;
  if (failure.endsWith('which this case must not call')) return e.notTools ?? where.name;
  if (failure.startsWith('the answer ')) return e.answer ?? where.name;
  return where.name;
}
