import { isRow, type ItemCommands, type ItemRow } from '../tools/itemCommands';
import { resourcePickItems } from '../tools/pickItems';
import { askText, pickOne, say } from '../shown';
import type { ResourcePanel } from './resourcePanel';

/** A resource by URI, or a template with the values of its variables (read at once when given). */
export type ReadArg = { server?: string; uri?: string; uriTemplate?: string; values?: Record<string, string> };

/** A Servers view resource or template row as what Read Resource reads. */
function readArgOf(arg: ReadArg | ItemRow | undefined): ReadArg | undefined {
  if (!isRow(arg)) return arg;
  return typeof arg.item.uriTemplate === 'string'
    ? { server: arg.key, uriTemplate: arg.item.uriTemplate }
    : { server: arg.key, uri: String(arg.item.uri) };
}

/**
 * Read Resource: opens the panel of a resource (`uri`) or a template (`uriTemplate`, a form of
 * its variables); with `values` (or a plain `uri`), reads at once and returns the outcome.
 */
export async function readResource(items: ItemCommands, given?: ReadArg | ItemRow): Promise<unknown> {
  const { resources } = items.deps;
  const arg = readArgOf(given);
  const entry = await items.pickServer(arg?.server, say`Read a resource of which MCP server?`);
  if (!entry || !(await items.running(entry)) || !entry.client) return undefined;
  let wanted: { uri?: string; uriTemplate?: string } | undefined =
    arg?.uri !== undefined || arg?.uriTemplate !== undefined ? arg : undefined;
  if (!wanted) {
    const typeUri = { label: say`$(edit) Enter a URI…`, value: { uri: undefined as string | undefined } };
    const choice = await pickOne([...resourcePickItems(items.listed(entry, 'resources')), typeUri], {
      placeHolder: say`Read which resource or template of "${entry.name}"?`,
      matchOnDescription: true,
    });
    if (!choice) return undefined;
    const uri =
      choice.uriTemplate !== undefined
        ? undefined
        : (choice.uri ??
          (await askText({
            title: say`Resource URI`,
            prompt: say`resources/read accepts any URI the server can resolve.`,
            ignoreFocusOut: true,
            validate: (v) => (v.trim() ? undefined : say`Enter a URI`),
          })));
    if (choice.uriTemplate === undefined && !uri) return undefined;
    wanted = choice.uriTemplate !== undefined ? { uriTemplate: choice.uriTemplate } : { uri };
  }
  const listedItem = items
    .listed(entry, 'resources')
    .find((r) => (wanted.uriTemplate !== undefined ? r.uriTemplate === wanted.uriTemplate : r.uri === wanted.uri));
  const about = {
    ...(typeof listedItem?.title === 'string' ? { title: listedItem.title } : {}),
    ...(typeof listedItem?.description === 'string' ? { description: listedItem.description } : {}),
    ...(typeof listedItem?.mimeType === 'string' ? { mimeType: listedItem.mimeType } : {}),
  };
  if (wanted.uriTemplate !== undefined) {
    const panel = resources.open(entry, {
      kind: 'template',
      uriTemplate: wanted.uriTemplate,
      name: String(listedItem?.name ?? wanted.uriTemplate),
      ...about,
    });
    return arg?.values ? panel.submit(arg.values) : undefined;
  }
  const uri = wanted.uri!;
  return resources
    .open(entry, { kind: 'resource', uri, ...(typeof listedItem?.name === 'string' ? { name: listedItem.name } : {}), ...about })
    .submit({});
}

/**
 * Watch Resource: opens the resource's panel, reads it and watches it (legacy
 * resources/subscribe, or a 2026-07-28 subscriptions/listen stream; each update reads it again).
 * `stop` ends the watch, `state` only looks. Returns the watch as it stands (how many updates so
 * far), or undefined.
 */
export async function watchResource(
  items: ItemCommands,
  arg?: { server?: string; uri?: string; action?: 'watch' | 'stop' | 'state' } | ItemRow,
): Promise<ResourcePanel['watchState']> {
  const wanted = isRow(arg)
    ? { server: arg.key, uri: typeof arg.item.uri === 'string' ? arg.item.uri : undefined, action: undefined }
    : arg;
  if (wanted?.server === undefined || wanted.uri === undefined) return undefined;
  const entry = await items.pickServer(wanted.server, say`Watch a resource of which MCP server?`);
  if (!entry || !(await items.running(entry)) || !entry.client) return undefined;
  const panel = items.deps.resources.open(entry, { kind: 'resource', uri: wanted.uri });
  if (wanted.action === 'stop') await panel.unwatch();
  else if (!panel.watchState && wanted.action !== 'state') {
    await panel.submit({});
    await panel.watch();
  }
  return panel.watchState;
}
