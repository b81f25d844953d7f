import { nameSkeleton, visibleName } from '../text/invisibles';

/**
 * Tool names, 2025-11-25 specification (server/tools, "Tool Names"): "Tool names SHOULD
 * be between 1 and 128 characters in length (inclusive)" and "The following SHOULD be
 * the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits
 * (0-9), underscore (_), hyphen (-), and dot (.)".
 */
const SPEC_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Why a tool name is outside the specification's SHOULD; undefined when it is inside. */
export function toolNameProblem(name: string): string | undefined {
  if (SPEC_NAME.test(name)) return undefined;
  if (name.length === 0) return 'is empty';
  if ([...name].length > 128) return `is ${[...name].length} characters long (at most 128)`;
  const odd = [...new Set([...name].filter((ch) => !/[A-Za-z0-9_.-]/.test(ch)))];
  return `contains ${odd.slice(0, 6).map(describeChar).join(', ')}${odd.length > 6 ? ` and ${odd.length - 6} more` : ''}, outside A–Z a–z 0–9 _ - .`;
}

function describeChar(ch: string): string {
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  // An invisible character is named by its code point only: quoting it would show nothing.
  return visibleName(ch) === ch && /\S/.test(ch) ? `"${ch}" (${code})` : `${code} (invisible)`;
}

/**
 * Names that a person cannot tell apart: equal once invisibles are removed and look-alike
 * letters folded (`delete_all` and `delete_all` + U+200B, `read_file` with a Cyrillic і).
 * Each group of two or more distinct names, in listing order.
 */
export function lookAlikeGroups(names: readonly string[]): string[][] {
  const bySkeleton = new Map<string, string[]>();
  for (const name of names) {
    const key = nameSkeleton(name);
    const group = bySkeleton.get(key) ?? [];
    if (!group.includes(name)) group.push(name);
    bySkeleton.set(key, group);
  }
  return [...bySkeleton.values()].filter((g) => g.length > 1);
}
