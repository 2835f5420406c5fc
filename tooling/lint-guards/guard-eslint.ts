import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/** The repository root: the guards lint code as if it sat at a path in it. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * ESLint on the repository's own config, as `pnpm lint` runs it, less the type-aware rules of the server sources
 * (eslint.config.js, decision 025). The guards test syntax and import rules; with the type-aware ones each
 * `lintText` of a server file would build and update the API's whole TypeScript program, seconds apiece on a
 * loaded machine, for nothing a guard checks (the lint step of `pnpm test` keeps them).
 */
export function guardEslint(): ESLint {
  return new ESLint({
    cwd: root,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/await-thenable': 'off',
      },
    },
  });
}
