import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, type Analysis } from './analysis';

/** Analysis delay after an edit, so typing does not re-run the rules on every keystroke. */
export const DEBOUNCE_MS = 200;

/**
 * One analysis per open document version. Edits are debounced; a request (hover, outline…)
 * for a version not analysed yet analyses it at once, so answers are never stale.
 */
export class AnalysisCache {
  private readonly analyses = new Map<string, Analysis>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly onAnalysed: (document: TextDocument, analysis: Analysis) => void) {}

  /** The analysis of this exact version (computed now if needed). */
  get(document: TextDocument): Analysis {
    const cached = this.analyses.get(document.uri);
    if (cached && cached.version === document.version) return cached;
    this.cancel(document.uri);
    const analysis = analyze(document);
    this.analyses.set(document.uri, analysis);
    this.onAnalysed(document, analysis);
    return analysis;
  }

  /** After an edit: analyse once the document has been quiet for DEBOUNCE_MS. */
  schedule(document: TextDocument, getLatest: () => TextDocument | undefined): void {
    if (this.analyses.get(document.uri)?.version === document.version) return;
    this.cancel(document.uri);
    const timer = setTimeout(() => {
      this.timers.delete(document.uri);
      const latest = getLatest();
      if (latest) this.get(latest);
    }, DEBOUNCE_MS);
    this.timers.set(document.uri, timer);
  }

  forget(uri: string): void {
    this.cancel(uri);
    this.analyses.delete(uri);
  }

  private cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }
}
