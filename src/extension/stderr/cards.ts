import * as path from 'node:path';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import type { TraceEvent } from '../../core/trace/event';
import type { LiveSession } from '../diagnostics/liveSession';
import { sourceFrame } from '../messages/present';
import { evidenceLabel } from './evidenceLabel';
import type { Card, EvidenceLink } from './protocol';

/** The session's diagnostics as cards, newest rule first within each severity, errors first. */
export function cardsOf(session: LiveSession): Card[] {
  const order = { error: 0, warning: 1, info: 2 } as const;
  return session.diagnostics
    .map((d, i) => ({ card: cardOf(session, d), i }))
    .sort((a, b) => order[a.card.severity] - order[b.card.severity] || a.i - b.i)
    .map((x) => x.card);
}

export function cardOf(session: LiveSession, d: Diagnostic): Card {
  const card: Card = {
    rule: d.rule,
    severity: d.severity,
    stage: d.stage,
    message: d.message,
    evidence: d.evidence.map((seq) => evidenceLink(session, session.event(seq), seq)),
    retry: d.retry,
    hint: d.hint,
  };
  if (d.rule === 'stray-stdout') {
    const source = session.messages.sourceOf(d.evidence[0]);
    const frame = source && sourceFrame(source);
    if (frame)
      card.source = { file: frame.file, line: frame.line, column: frame.column, label: `${path.basename(frame.file)}:${frame.line}` };
  }
  return card;
}

function evidenceLink(session: LiveSession, e: TraceEvent | undefined, seq: number): EvidenceLink {
  // Older than what the editor keeps: say so, rather than a bare number that reveals nothing.
  if (!e) return { seq, label: session.missingText(seq) };
  const node = e.kind === 'response' ? session.messages.nodeOf(seq) : undefined;
  return { seq, label: evidenceLabel(e, node?.type === 'exchange' ? node.method : undefined) };
}
