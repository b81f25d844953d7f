/** An id longer than this is not one a client sent; scanning for it stops. */
const MAX_ID_BYTES = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Where the scan is among the members of the top-level object. */
const enum At {
  /** Before the value, or inside a nested value, of a member that is not "id". */
  Other,
  /** Expecting a member name (after `{` or `,`). */
  Key,
  /** Inside a member name. */
  InKey,
  /** After the name "id", before its `:`. */
  IdColon,
  /** After `"id":`, before its value. */
  IdValue,
  /** Inside a string id. */
  IdString,
  /** Inside a number (or null) id. */
  IdLiteral,
}

/**
 * Finds the `id` member of the top-level JSON object in a stream of bytes without parsing
 * (or holding) the whole value: a line too large to read must still name the request it
 * answers, wherever the serializer put `id` (the official TypeScript SDK writes `result`
 * before `id`). Tracks nesting depth and strings byte by byte; JSON's structural characters
 * are ASCII, so UTF-8 bytes of other characters can never be mistaken for them.
 */
export class TopLevelIdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private at = At.Other;
  private key: number[] = [];
  private idBytes: number[] = [];
  private started = false;
  /** The scan has an answer (or knows it never will): the rest of the line is skipped. */
  done = false;
  /** The top-level id when found: a string or a number (null for `"id": null`). */
  id: string | number | null | undefined;

  feed(bytes: Uint8Array): void {
    // Where the next backslash of this chunk is (-1: none left), looked up only when needed.
    let backslash = -2;
    for (let i = 0; i < bytes.length && !this.done; i++) {
      if (this.inString && !this.escaped && this.at === At.Other) {
        // Inside a string nobody needs (a large result's text): jump to the next byte that can
        // end it, a quote or a backslash, with indexOf instead of a step per byte.
        const quote = bytes.indexOf(QUOTE, i);
        if (backslash !== -1 && backslash < i) backslash = bytes.indexOf(BACKSLASH, i);
        const next = backslash === -1 ? quote : quote === -1 ? backslash : Math.min(quote, backslash);
        if (next === -1) return;
        i = next;
      }
      this.step(bytes[i]!);
    }
  }

  private step(c: number): void {
    if (this.inString) return this.stringByte(c);
    if (c <= 0x20) {
      if (this.at === At.IdLiteral) this.finishLiteral();
      return;
    }
    if (!this.started) {
      this.started = true;
      // Only an object has members: a line that starts otherwise names no id.
      if (c !== OPEN_BRACE) {
        this.done = true;
        return;
      }
    }
    if (this.at === At.IdLiteral) {
      if (c === COMMA || c === CLOSE_BRACE) this.finishLiteral();
      else return this.pushId(c);
      if (this.done) return;
    }
    switch (c) {
      case QUOTE:
        this.inString = true;
        if (this.depth === 1 && this.at === At.Key) {
          this.at = At.InKey;
          this.key = [];
        } else if (this.depth === 1 && this.at === At.IdValue) {
          this.at = At.IdString;
          this.idBytes = [QUOTE];
        }
        return;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        this.depth++;
        if (this.depth === 1) this.at = At.Key;
        // An object or array as the id is not an id; keep looking (a later "id" may follow).
        else if (this.depth === 2 && this.at === At.IdValue) this.at = At.Other;
        return;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        this.depth--;
        if (this.depth <= 0) this.done = true;
        return;
      case COLON:
        if (this.depth === 1) this.at = this.at === At.IdColon ? At.IdValue : At.Other;
        return;
      case COMMA:
        if (this.depth === 1) this.at = At.Key;
        return;
      default:
        if (this.depth === 1 && this.at === At.IdValue) {
          this.at = At.IdLiteral;
          this.idBytes = [];
          this.pushId(c);
        }
    }
  }

  private stringByte(c: number): void {
    if (this.escaped) this.escaped = false;
    else if (c === BACKSLASH) this.escaped = true;
    else if (c === QUOTE) {
      this.inString = false;
      if (this.at === At.InKey) this.at = isId(this.key) ? At.IdColon : At.Other;
      else if (this.at === At.IdString) {
        this.idBytes.push(QUOTE);
        this.found(this.idBytes);
      }
      return;
    }
    if (this.at === At.InKey && this.key.length < 4) this.key.push(c);
    else if (this.at === At.IdString) this.pushId(c);
  }

  private pushId(c: number): void {
    this.idBytes.push(c);
    if (this.idBytes.length > MAX_ID_BYTES) this.done = true;
  }

  private finishLiteral(): void {
    this.found(this.idBytes);
  }

  private found(bytes: number[]): void {
    this.done = true;
    try {
      const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
      if (typeof value === 'string' || typeof value === 'number' || value === null) this.id = value;
    } catch {
      // Not a valid JSON scalar: no id.
    }
  }
}

/** The bytes of the member name `id`. */
function isId(key: number[]): boolean {
  return key.length === 2 && key[0] === 0x69 && key[1] === 0x64;
}
