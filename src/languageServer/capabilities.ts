/** The server capability a client→server method needs (2026-07-28 and legacy alike). */
export function capabilityFor(method: string): string | undefined {
  const family = method.split('/')[0];
  switch (family) {
    case 'tools':
    case 'resources':
    case 'prompts':
    case 'logging':
      return family;
    case 'completion':
      return 'completions';
    case 'subscriptions':
      return 'resources';
    default:
      return undefined;
  }
}
