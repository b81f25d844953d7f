/**
 * Token cost of tool definitions in the editor, with the CLI's tokenizer and encoding. The
 * tokenizer is loaded on the first count, never at activation (its rank table is 2 MB): a
 * caller that must answer at once gets undefined and `onDidLoad` tells it to ask again.
 */
import { TOKEN_ENCODING, TOKENIZER } from '../core/tokens/encoding';
import { requireTokenizer, type Tokenizer } from '../core/tokens/load';
import { Emitter } from '../core/util/disposable';

let tokenizer: Tokenizer | undefined;
let loading: Promise<Tokenizer> | undefined;
const counted = new WeakMap<object, number>();
const loaded = new Emitter<void>();

/** Fires once, when the tokenizer is ready. */
export const onDidLoadTokenizer = loaded.event;

/** "o200k_base (gpt-tokenizer)": how every count in the editor names what it counted with. */
export const TOKENS_BY = `${TOKEN_ENCODING} (${TOKENIZER})`;

export function loadTokenizer(): Promise<Tokenizer> {
  loading ??= Promise.resolve()
    .then(requireTokenizer)
    .then((m) => {
      tokenizer = m;
      loaded.fire();
      return m;
    });
  return loading;
}

/** The tokens of one definition, or undefined while the tokenizer loads. */
export function tokensNow(tool: Record<string, unknown>): number | undefined {
  if (!tokenizer) {
    void loadTokenizer();
    return undefined;
  }
  let n = counted.get(tool);
  if (n === undefined) {
    n = tokenizer.toolTokens(tool);
    counted.set(tool, n);
  }
  return n;
}

/** The tokens of every definition, or undefined while the tokenizer loads. */
export function totalNow(tools: readonly Record<string, unknown>[]): number | undefined {
  let sum = 0;
  for (const t of tools) {
    const n = tokensNow(t);
    if (n === undefined) return undefined;
    sum += n;
  }
  return sum;
}

/** The tokens of one definition, loading the tokenizer first when needed. */
export async function tokensOf(tool: Record<string, unknown>): Promise<number> {
  await loadTokenizer();
  return tokensNow(tool)!;
}
