import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { LineIndex as ZeroBasedLineIndex } from '../util/lineIndex';

/** Maps offsets to 1-based line/column, as config problems are reported. */
export class LineIndex extends ZeroBasedLineIndex {
  position(offset: number): { line: number; column: number } {
    return { line: this.line(offset) + 1, column: this.column(offset) + 1 };
  }
}

export interface JsoncDocument {
  root: Node | undefined;
  errors: { message: string; line: number; column: number }[];
  lines: LineIndex;
}

const errorText: Record<string, string> = {
  InvalidSymbol: 'invalid symbol',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'property name expected',
  ValueExpected: 'value expected',
  ColonExpected: 'colon expected',
  CommaExpected: 'comma expected',
  CloseBraceExpected: 'closing brace expected',
  CloseBracketExpected: 'closing bracket expected',
  EndOfFileExpected: 'end of file expected',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character',
};

/** JSON with comments and trailing commas, as VS Code reads its own config files. */
export function parseJsonc(text: string): JsoncDocument {
  const raw: ParseError[] = [];
  const root = parseTree(text, raw, { allowTrailingComma: true, disallowComments: false });
  const lines = new LineIndex(text);
  const errors = raw.map((error) => {
    const code = printParseErrorCode(error.error);
    return { message: `JSON syntax error: ${errorText[code] ?? code}`, ...lines.position(error.offset) };
  });
  return { root, errors, lines };
}

/** The properties of an object node, in file order. */
export function properties(node: Node): { key: string; keyNode: Node; value: Node | undefined }[] {
  const out: { key: string; keyNode: Node; value: Node | undefined }[] = [];
  for (const property of node.children ?? []) {
    const [keyNode, value] = property.children ?? [];
    if (keyNode?.type === 'string') out.push({ key: String(keyNode.value), keyNode, value });
  }
  return out;
}

export function property(node: Node, key: string): Node | undefined {
  return properties(node).find((p) => p.key === key)?.value;
}

export function describeType(node: Node): string {
  if (node.type === 'null') return 'null';
  if (node.type === 'array') return 'an array';
  if (node.type === 'object') return 'an object';
  return `a ${node.type}`;
}
