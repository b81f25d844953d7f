import { requireBridge } from './bridgeLoad';

/** The `ui://` resource a tool links (`_meta.ui.resourceUri`), or why the link is unusable. */
export function uiResourceOf(tool: Record<string, unknown> | undefined): { uri: string } | { problem: string } | undefined {
  // MCP Apps: the link is in the tool's `_meta`; a tool without one loads no bridge to say so.
  if (tool?._meta === undefined) return undefined;
  try {
    const uri = requireBridge().getToolUiResourceUri(tool);
    return uri === undefined ? undefined : { uri };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

export interface AppDocument {
  html: string;
  /** `_meta.ui.csp` of the content item (the resources/list entry's when the item has none). */
  csp: unknown;
}

/**
 * The app's HTML from a resources/read result. MCP Apps: the content is `text/html;profile=mcp-app`,
 * as text or a base64 blob; anything else is not rendered.
 */
export function appDocumentOf(
  result: Record<string, unknown>,
  listed: Record<string, unknown> | undefined,
): AppDocument | { problem: string } {
  const contents = Array.isArray(result.contents) ? (result.contents as Record<string, unknown>[]) : [];
  const item = contents.find((c) => c && typeof c === 'object');
  if (!item) return { problem: 'resources/read returned no contents' };
  const { RESOURCE_MIME_TYPE } = requireBridge();
  if (item.mimeType !== RESOURCE_MIME_TYPE)
    return { problem: `its mimeType is ${JSON.stringify(item.mimeType ?? null)}, not ${RESOURCE_MIME_TYPE}` };
  const html =
    typeof item.text === 'string'
      ? item.text
      : typeof item.blob === 'string'
        ? Buffer.from(item.blob, 'base64').toString('utf8')
        : undefined;
  if (html === undefined) return { problem: 'the content has neither text nor blob' };
  return { html, csp: uiMeta(item)?.csp ?? uiMeta(listed)?.csp };
}

function uiMeta(item: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const meta = item?._meta;
  const ui = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).ui : undefined;
  return ui && typeof ui === 'object' ? (ui as Record<string, unknown>) : undefined;
}
