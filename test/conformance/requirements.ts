import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a revision's requirement set asks of a client: the scored scenarios, and the ones run for visibility. */
export interface ClientRequirements {
  scored: string[];
  notScored: Map<string, string>;
}

/**
 * Reads `requirements/<revision>.yaml` of the installed suite (the frozen list that
 * `--requirements` runs): its `client:` list, and the `not_scored:` entries whose `leg` is
 * `client`, with their reason. The file is plain block YAML: keys, `- item` lists, and
 * `- scenario:` mappings.
 */
export function readClientRequirements(suiteDir: string, revision: string): ClientRequirements {
  const text = readFileSync(join(suiteDir, 'requirements', `${revision}.yaml`), 'utf8');
  const scored: string[] = [];
  const notScored = new Map<string, string>();
  let section = '';
  let entry: { scenario?: string; leg?: string; reason?: string } | undefined;
  const flush = () => {
    if (entry?.scenario && entry.leg === 'client') notScored.set(entry.scenario, entry.reason ?? 'not scored');
    entry = undefined;
  };
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    const key = /^(\w+):\s*$/.exec(line);
    if (key) {
      flush();
      section = key[1]!;
      continue;
    }
    if (section === 'client') {
      const item = /^\s+-\s+(\S+)\s*$/.exec(line);
      if (item) scored.push(item[1]!);
    } else if (section === 'not_scored') {
      const field = /^\s+(-\s+)?(scenario|leg|reason):\s*(\S+)\s*$/.exec(line);
      if (!field) continue;
      if (field[1]) flush();
      entry ??= {};
      entry[field[2] as 'scenario' | 'leg' | 'reason'] = field[3];
    }
  }
  flush();
  return { scored, notScored };
}
