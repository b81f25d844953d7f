import { codePointLabel } from '../core/text';

/**
 * The last guard between what a server sends and the user's terminal: every line the CLI
 * writes passes here. A control character is written out as ⟨U+XXXX⟩, so a tool name or a
 * schema's enum cannot carry an escape sequence that draws a link (OSC 8), writes the
 * clipboard (OSC 52), moves the cursor or rewrites a line already shown (\r). Newline and tab
 * stay; so do the colour codes style.ts writes, the only escape sequences the CLI makes.
 * Server text is also shown with terminalText where it is printed; this catches what a printer forgets.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const OWN_COLOUR_OR_CONTROL = /\u001b\[(?:1|2|22|31|32|33|35|36|39)m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function terminalSafe(text: string): string {
  return text.replace(OWN_COLOUR_OR_CONTROL, (match) => (match.length > 1 ? match : codePointLabel(match)));
}
