/**
 * What a listed tool, resource, resource template or prompt says about itself for people:
 * its display name, icons and annotations (BaseMetadata, Icons, Annotations, ToolAnnotations).
 * Facts as plain strings; the UI renders them as untrusted text.
 */
import { asRecord } from '../schema/isRecord';

/**
 * The display name: `title` is "Intended for UI and end-user contexts"; "If not provided,
 * the name should be used for display (except for Tool, where annotations.title should be
 * given precedence over using name, if present)". Undefined when there is none (or it only
 * repeats the name).
 */
export function displayTitle(item: Record<string, unknown>): string | undefined {
  const annotations = asRecord(item.annotations);
  const title = nonEmpty(item.title) ?? nonEmpty(annotations?.title);
  return title !== undefined && title !== item.name ? title : undefined;
}

/** One line per annotation, in the order a reader wants them; unknown values are skipped. */
export function annotationFacts(item: Record<string, unknown>): string[] {
  const a = asRecord(item.annotations);
  if (!a) return [];
  const facts: string[] = [];
  // Annotations (resources, templates, content): "Describes who the intended audience of this object or data is".
  if (Array.isArray(a.audience)) {
    const roles = a.audience.filter((r): r is string => typeof r === 'string');
    if (roles.length) facts.push(`audience: ${roles.join(', ')}`);
  }
  // 1 is "most important", 0 "least important".
  if (typeof a.priority === 'number' && Number.isFinite(a.priority)) facts.push(`priority: ${a.priority}`);
  if (typeof a.lastModified === 'string') facts.push(`last modified: ${a.lastModified}`);
  // ToolAnnotations "are **hints**. They are not guaranteed to provide a faithful description of tool behavior".
  if (a.readOnlyHint === true) facts.push('read-only');
  // destructiveHint "is meaningful only when readOnlyHint == false" (default true: only an explicit value is shown).
  if (a.readOnlyHint !== true && a.destructiveHint === false) facts.push('not destructive');
  if (a.readOnlyHint !== true && a.destructiveHint === true) facts.push('destructive');
  if (a.idempotentHint === true) facts.push('idempotent');
  if (a.openWorldHint === true) facts.push('open world');
  if (a.openWorldHint === false) facts.push('closed world');
  return facts;
}

/** The short tags a row's description carries (the full list is in the tooltip). */
export function annotationTags(item: Record<string, unknown>): string[] {
  const facts = annotationFacts(item);
  return facts.filter((f) => f === 'read-only' || f === 'destructive' || f.startsWith('audience:') || f.startsWith('priority:'));
}

/**
 * The icons a server declares, described, never fetched or drawn: "Consumers SHOULD take
 * steps to ensure URLs serving icons are from the same domain as the client/server or a
 * trusted domain", and SVGs "can contain executable JavaScript". A remote `src` would also
 * tell the server who looks at the list and when. MCP Lens names each icon (type, sizes,
 * theme, where it is) and draws its own theme icon.
 */
export function iconFacts(item: Record<string, unknown>): string[] {
  if (!Array.isArray(item.icons)) return [];
  return item.icons.flatMap((icon): string[] => {
    const r = asRecord(icon);
    if (!r || typeof r.src !== 'string') return [];
    const parts: string[] = [];
    if (typeof r.mimeType === 'string') parts.push(r.mimeType);
    if (Array.isArray(r.sizes)) parts.push(r.sizes.filter((s): s is string => typeof s === 'string').join(' '));
    if (r.theme === 'light' || r.theme === 'dark') parts.push(`${r.theme} theme`);
    parts.push(iconSource(r.src));
    return [parts.filter(Boolean).join(' · ')];
  });
}

/** Where an icon is, without the icon: data: URIs by type and size, others by scheme and host. */
function iconSource(src: string): string {
  if (src.startsWith('data:')) return `embedded (${src.length} characters)`;
  try {
    const url = new URL(src);
    return url.host ? `${url.protocol}//${url.host}/… (not loaded)` : `${url.protocol} URI (not loaded)`;
  } catch {
    return 'not a URI';
  }
}

function nonEmpty(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}
