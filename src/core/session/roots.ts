import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A root as roots/list returns it: "uri … MUST be a file:// URI", with an optional name. */
export interface Root {
  uri: string;
  name?: string;
}

/** Roots for directories on this machine, named by their last path segment. */
export function rootsFromPaths(paths: readonly string[]): Root[] {
  return paths.map((p) => {
    const absolute = resolve(p);
    return { uri: pathToFileURL(absolute).href, name: basename(absolute) || absolute };
  });
}
