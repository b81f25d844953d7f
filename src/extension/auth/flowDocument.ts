import { flowLines, lastAuthorizationAttempt } from '../../core/auth/flowReport';
import type { ServerEntry } from '../serverEntry';
import { name, say, showPlainDocument, untrusted } from '../shown';

/** "Show Authorization Flow": the latest attempt's steps as a plain-text document (nothing in it is rendered). */
export async function showAuthorizationFlow(entry: ServerEntry): Promise<boolean> {
  const events = entry.session?.trace.events ?? [];
  const url = entry.auth?.url ?? (entry.config.type === 'http' ? entry.config.url : entry.commandLine());
  await showPlainDocument(
    say`Authorization flow of ${name(entry.name)}`,
    untrusted(flowLines(entry.name, url, lastAuthorizationAttempt(events)).join('\n')),
  );
  return true;
}
