import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.test-data/**', 'test-results/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // Migrations are frozen in time and typed Kysely<any> by design.
    files: ['**/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A getBy/findBy query already throws when nothing matches, so expecting it "defined" checks nothing.
    files: ['console/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...emptyQueryAssertions()],
    },
  },
);

function emptyQueryAssertions() {
  const query = '/^(get|find|query)(All)?By/';
  const assertion = "CallExpression[callee.property.name=/^(toBeDefined|toBeTruthy|toBeNull)$/][callee.object.callee.name='expect']";
  const message = 'Assert with a jest-dom matcher (toBeInTheDocument, not.toBeInTheDocument, toHaveTextContent, …): a getBy/findBy result is never undefined.';
  return [
    `${assertion}[callee.object.arguments.0.callee.property.name=${query}]`,
    `${assertion}[callee.object.arguments.0.callee.name=${query}]`,
    `${assertion}[callee.object.arguments.0.argument.callee.property.name=${query}]`,
  ].map((selector) => ({ selector, message }));
}
