import { isAppOnly } from '../../core/apps/toolVisibility';
import { lookAlikeGroups, toolNameProblem } from '../../core/names/toolNames';
import { name, say, type PickItem, type Text } from '../shown';

/**
 * The items of the Run Tool, Get Prompt and Read Resource picks. Names are written out
 * (`delete_all⟨U+200B⟩`), and a name outside the specification's SHOULD or alike to
 * another one carries a ⚠ flag in front of its description. A tool only its MCP App may call
 * is still offered (its developer runs it), marked app-only.
 */
function flag(itemName: string, alike: Map<string, string[]>, checkSpec: boolean): string {
  const others = alike.get(itemName);
  const flags: string[] = [];
  if (others) flags.push(`⚠ looks like ${others.map((o) => `"${o}"`).join(', ')}`);
  if (checkSpec && toolNameProblem(itemName)) flags.push('⚠ name outside the spec');
  return flags.join(' · ');
}

function alikeMap(names: string[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const group of lookAlikeGroups(names))
    for (const n of group)
      map.set(
        n,
        group.filter((o) => o !== n),
      );
  return map;
}

function itemFor(
  itemName: string,
  flagText: string,
  title: unknown,
  description: unknown,
): { label: Text; description?: Text; detail?: Text } {
  const titleText = typeof title === 'string' ? title : '';
  const head = [flagText, titleText].filter(Boolean);
  return {
    label: say`${name(itemName)}`,
    // The flag is built from names: they are written out like the label.
    description: head.length ? say`${flagText ? name(flagText) : ''}${flagText && titleText ? ' · ' : ''}${titleText}` : undefined,
    detail: typeof description === 'string' ? say`${description.split('\n')[0]}` : undefined,
  };
}

export function toolPickItems(tools: Record<string, unknown>[]): PickItem<string>[] {
  const names = tools.map((t) => String(t.name));
  const alike = alikeMap(names);
  return tools.map((t, i) => {
    const flags = [isAppOnly(t) ? 'app-only (hidden from models)' : '', flag(names[i], alike, true)].filter(Boolean).join(' · ');
    return { ...itemFor(names[i], flags, t.title, t.description), value: names[i] };
  });
}

export function promptPickItems(prompts: Record<string, unknown>[]): PickItem<string>[] {
  const names = prompts.map((p) => String(p.name));
  const alike = alikeMap(names);
  return prompts.map((p, i) => ({ ...itemFor(names[i], flag(names[i], alike, false), p.title, p.description), value: names[i] }));
}

/** Resources by URI and templates by their RFC 6570 expression (a template opens its form). */
export function resourcePickItems(resources: Record<string, unknown>[]): PickItem<{ uri?: string; uriTemplate?: string }>[] {
  const names = resources.map((r) => String(r.name ?? r.uri));
  const alike = alikeMap(names);
  return resources.map((r, i) => {
    const item = itemFor(names[i], flag(names[i], alike, false), r.title, r.description);
    const template = typeof r.uriTemplate === 'string' ? r.uriTemplate : undefined;
    const uri = template ?? String(r.uri ?? '');
    return {
      ...item,
      description: item.description ? say`${item.description} · ${uri}` : say`${uri}`,
      value: template !== undefined ? { uriTemplate: template } : { uri: String(r.uri) },
    };
  });
}
