import { displayName } from '../core/config/locations';
import type { ServerEntry } from './serverEntry';
import { pickOne, say, showInfo, type Text } from './shown';

/**
 * One server out of `candidates`: none says why (`none`), one is taken as it is, more are
 * offered in a quick pick with their state, config file and command line.
 */
export async function chooseServer(candidates: ServerEntry[], placeHolder: Text, none: Text): Promise<ServerEntry | undefined> {
  if (candidates.length === 0) {
    void showInfo(none);
    return undefined;
  }
  if (candidates.length === 1) return candidates[0];
  return pickOne(
    candidates.map((entry) => ({
      label: say`${entry.name}`,
      description: say`${entry.state.kind} · ${displayName(entry.config.file)}`,
      detail: say`${entry.commandLine()}`,
      value: entry,
    })),
    { placeHolder, matchOnDescription: true },
  );
}
