// `pnpm --filter @ascenso/tsconfig test`: every shared config resolves (its `extends` chain included) without
// errors and keeps the settings the packages rely on. TypeScript's own config parser does the resolving.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const ts = createRequire(import.meta.url)('typescript');
/** "No inputs were found": these files are meant to be extended, they include nothing themselves. */
const NO_INPUTS = 18003;
const expected = {
  'base.json': { strict: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true },
  'node.json': { strict: true, noUncheckedIndexedAccess: true },
  'react.json': { strict: true, noUncheckedIndexedAccess: true, jsx: ts.JsxEmit.ReactJSX },
};
let failed = 0;
for (const [file, settings] of Object.entries(expected)) {
  const problems = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(import.meta.dirname, file),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => problems.push(ts.flattenDiagnosticMessageText(d.messageText, ' ')),
    },
  );
  for (const d of parsed?.errors ?? []) if (d.code !== NO_INPUTS) problems.push(ts.flattenDiagnosticMessageText(d.messageText, ' '));
  for (const [key, value] of Object.entries(settings)) {
    if (parsed?.options[key] !== value) problems.push(`${key} is ${JSON.stringify(parsed?.options[key])}, expected ${JSON.stringify(value)}`);
  }
  if (problems.length) {
    console.error(`✗ ${file}: ${problems.join('; ')}`);
    failed += 1;
  } else console.log(`✓ ${file}`);
}
console.log(`${Object.keys(expected).length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
