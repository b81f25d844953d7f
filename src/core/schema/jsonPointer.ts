/** JSON Pointer (RFC 6901) helpers: form fields, validation errors and `$ref`s all speak it. */

export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `childPointer("/edits", 0)` → `/edits/0`; `childPointer("", "a/b")` → `/a~1b`. */
export function childPointer(parent: string, segment: string | number): string {
  return `${parent}/${escapeSegment(segment)}`;
}

/** The value at `pointer` ("" or "/a/0"), or undefined. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = unescapeSegment(raw);
    if (Array.isArray(node)) node = /^\d+$/.test(segment) ? node[Number(segment)] : undefined;
    else if (node !== null && typeof node === 'object') {
      node = Object.prototype.hasOwnProperty.call(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
    } else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}
