/** Messages between the stderr panel's webview (media/src/stderr.ts) and the extension host. */
import type { OutputLine } from './outputBuffer';

export interface EvidenceLink {
  seq: number;
  /** What the cited event is: "initialize result", stderr "…", stray stdout "…" (evidenceLabel). */
  label: string;
}

export interface SourceLink {
  file: string;
  line: number;
  column: number;
  /** `server.mjs:7` */
  label: string;
}

/** A diagnostic as the panel's card shows it. */
export interface Card {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  stage: string;
  message: string;
  evidence: EvidenceLink[];
  retry: boolean;
  hint: string;
  /** stray-stdout with a preload record: the line of the user's source that wrote it. */
  source?: SourceLink;
}

export interface PanelHeader {
  server: string;
  state: string;
}

export type HostMessage =
  | { type: 'reset'; header: PanelHeader | undefined; lines: OutputLine[]; hidden: number; cards: Card[] }
  /** `total`: every line the session has so far; the host's count is the one the panel shows. */
  | { type: 'append'; lines: OutputLine[]; dropped: number; total: number }
  | { type: 'cards'; cards: Card[]; header: PanelHeader | undefined }
  | { type: 'highlight'; seq: number };

export type ViewMessage =
  | { type: 'ready' }
  | { type: 'reveal'; seq: number }
  /** A clipped line in full, as text in an editor. */
  | { type: 'openLine'; seq: number }
  /** Every line of the run, as text in an editor (the panel keeps only the newest MAX_DOM_ROWS). */
  | { type: 'openText' }
  | { type: 'open'; file: string; line: number; column: number }
  | { type: 'rendered'; cards: string[]; rows: number; hidden: number; strayRows: number };

/** What the webview keeps in the DOM; older rows are counted in the "earlier lines hidden" note. */
export const MAX_DOM_ROWS = 2000;
