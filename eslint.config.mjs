// Lint for the mistakes the compiler lets through: a promise nobody awaits or catches
// (an unhandled rejection kills a CLI run and is silent in the extension host), a promise
// where a callback expects void, and code nobody uses. Type-aware, on the shipped sources.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'test/**', 'bench/**', 'examples/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'media/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `void promise` marks a promise deliberately left to run (STYLE.md).
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A failure dropped without a word is lost for whoever debugs it: handle it, log it with its
      // stack, or say why it may go with one of the named helpers of src/core/util/ignored.ts.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='catch'] > ArrowFunctionExpression.arguments:matches([body.type='Identifier'][body.name='undefined'], [body.type='BlockStatement'][body.body.length=0])",
          message: 'An anonymous .catch(() => undefined) loses the error: handle it, log it with its stack, or use a named helper of src/core/util/ignored.ts (ignoreClosing, ignoreDiscarding, ignoreUnsent, settled, absent) that says why.',
        },
      ],
    },
  },
);
