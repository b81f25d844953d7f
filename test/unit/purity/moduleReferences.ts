import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One reference to a module: where, and the source text that makes it. */
export interface ModuleReference {
  file: string;
  line: number;
  text: string;
}

const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Every file under `dir` the compiler would read as source. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && SOURCE.test(d.name))
    .map((d) => join(d.parentPath, d.name));
}

/** Whether a module specifier, as written in `file`, names a module the caller looks for. */
export type ModuleMatch = (specifier: string, file: string) => boolean;

/** Every reference to the `vscode` module under `root`. */
export function vscodeReferences(root: string): ModuleReference[] {
  return moduleReferences(root, (specifier) => specifier === 'vscode');
}

/**
 * Every way a file under `root` can reach a module `matches` names, type-only included:
 * `import` (also
 * `import type`), `export … from`, `import x = require(…)`, `require(…)`, `import(…)`,
 * `typeof import(…)` in a type, and `/// <reference types="…" />`. Read with the
 * TypeScript compiler's parser, so comments and strings that merely mention it never count.
 */
export function moduleReferences(root: string, matches: ModuleMatch): ModuleReference[] {
  const found: ModuleReference[] = [];
  for (const file of sourceFiles(root)) {
    const named = (node: ts.Node | undefined) => node !== undefined && ts.isStringLiteralLike(node) && matches(node.text, file);
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const at = (node: ts.Node) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ file: relative(root, file), line, text: node.getText(source) });
    };
    for (const ref of source.typeReferenceDirectives) {
      if (matches(ref.fileName, file)) found.push({ file: relative(root, file), line: source.getLineAndCharacterOfPosition(ref.pos).line + 1, text: `/// <reference types="${ref.fileName}" />` });
    }
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && named(node.moduleSpecifier)) at(node);
      else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && named(node.moduleReference.expression)) at(node);
      else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) && named(node.arguments[0])) at(node);
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && named(node.argument.literal)) at(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
