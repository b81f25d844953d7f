/**
 * `$ref` resolution inside one tool schema: `#`, `#/$defs/x`, `#/definitions/x` (any JSON
 * Pointer), `#anchor` (`$anchor`), and `$id`s declared inside the schema. Tool schemas are
 * self-contained, so nothing is fetched; an unresolvable ref is reported, not guessed.
 */
import { getAtPointer } from './jsonPointer';

export class RefResolver {
  private readonly anchors = new Map<string, unknown>();
  private readonly ids = new Map<string, unknown>();

  constructor(private readonly root: unknown) {
    this.index(root, 0);
  }

  /** The schema a `$ref` points to, or undefined when it cannot be found here. */
  resolve(ref: string): unknown {
    const hash = ref.indexOf('#');
    const base = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : decodeURIComponent(ref.slice(hash + 1));
    let doc: unknown = this.root;
    if (base !== '') {
      doc = this.ids.get(base) ?? this.ids.get(stripSlash(base));
      if (doc === undefined) return undefined;
    }
    if (fragment === '' || fragment.startsWith('/')) return getAtPointer(doc, fragment);
    return this.anchors.get(fragment);
  }

  private index(node: unknown, depth: number): void {
    if (depth > 64 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) this.index(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$anchor === 'string') this.anchors.set(record.$anchor, record);
    if (typeof record.$dynamicAnchor === 'string' && !this.anchors.has(record.$dynamicAnchor)) {
      this.anchors.set(record.$dynamicAnchor, record);
    }
    if (typeof record.$id === 'string') {
      // draft-07 wrote anchors as `$id: "#name"`.
      if (record.$id.startsWith('#')) this.anchors.set(record.$id.slice(1), record);
      else this.ids.set(stripSlash(record.$id.split('#')[0]), record);
    }
    for (const [key, value] of Object.entries(record)) {
      // enum/const/default/examples hold data, not schemas.
      if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
      this.index(value, depth + 1);
    }
  }
}

function stripSlash(uri: string): string {
  return uri.endsWith('/') ? uri.slice(0, -1) : uri;
}
