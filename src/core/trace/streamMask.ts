/**
 * A function that masks secrets in a piece of a trace. When it says which strings it masks
 * (`secrets`), a long text can be masked piece by piece (StreamMask); otherwise it is masked whole.
 */
export type TextMask = ((text: string) => string) & { readonly secrets?: readonly string[] };

/**
 * Masks a text that arrives in pieces, as `mask` would mask the whole of it: a piece is cut
 * only where no secret straddles the cut, and the rest waits for the next piece.
 */
export class StreamMask {
  private carry = '';
  private readonly secrets: readonly string[] | undefined;
  private readonly longest: number;

  constructor(private readonly mask: TextMask) {
    this.secrets = mask.secrets?.filter((s) => s.length > 0);
    this.longest = Math.max(0, ...(this.secrets ?? []).map((s) => s.length));
  }

  /** The masked text that is settled so far ('' while it may still be part of a secret). */
  push(piece: string): string {
    const text = this.carry + piece;
    if (!this.secrets) {
      // An opaque mask: only the whole text can be masked.
      this.carry = text;
      return '';
    }
    if (this.secrets.length === 0) {
      this.carry = '';
      return text;
    }
    let cut = text.length - (this.longest - 1);
    for (let moved = true; moved && cut > 0;) {
      moved = false;
      for (const secret of this.secrets) {
        // An occurrence that starts before the cut and ends after it: cut before it instead.
        const at = text.indexOf(secret, Math.max(0, cut - secret.length + 1));
        if (at !== -1 && at < cut) {
          cut = at;
          moved = true;
        }
      }
    }
    if (cut <= 0) {
      this.carry = text;
      return '';
    }
    this.carry = text.slice(cut);
    return this.mask(text.slice(0, cut));
  }

  /** The rest of the text, masked. */
  end(): string {
    const rest = this.carry;
    this.carry = '';
    return rest === '' ? '' : this.mask(rest);
  }
}
