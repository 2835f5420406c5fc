import type { Plugin } from 'vite';

/** The module in which Vite puts `__vitePreload`, the wrapper of every dynamic `import()` in the build. */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/** The helper's statement that adds a `<link rel="modulepreload">` (or a stylesheet) for each dependency. */
const APPEND_LINK = 'document.head.appendChild(link);';

/**
 * Inserts the deferred links a few at a time, each batch in a task of its own (at most about 3 ms of
 * insertion per task). Written into the helper module, so it runs in the page as it is.
 */
const DEFERRED_LINKS = `
const deferredLinks = [];
function insertDeferredLinks() {
	const start = performance.now();
	do document.head.appendChild(deferredLinks.shift());
	while (deferredLinks.length > 0 && performance.now() - start < 3);
	if (deferredLinks.length > 0) setTimeout(insertDeferredLinks, 0);
}
function deferLink(link) {
	if (deferredLinks.push(link) === 1) setTimeout(insertDeferredLinks, 0);
}
`;

/**
 * Rewrites Vite's preload helper so that the `<link rel="modulepreload">` it adds for a dynamic
 * import's dependencies are inserted in later short tasks instead of all at once, synchronously,
 * inside the `import()` call.
 *
 * Each insertion starts a fetch and costs the main thread 0.1–7 ms. Home imports its screen with 41
 * dependencies while the app starts, which made one task of 25–50 ms (a long task, counted by
 * Lighthouse's Total Blocking Time, and a moment in which the page cannot answer input). The links are
 * hints: the `import()` itself starts at once and fetches what it needs; the links, a task later, still
 * fetch the deeper dependencies in parallel. Stylesheets (the helper waits for them) are still inserted
 * at once.
 *
 * The build fails if the helper no longer has the statement this rewrites (a Vite upgrade).
 */
export function deferPreloadLinks(): Plugin {
  let rewritten = false;
  return {
    name: 'ascenso-defer-preload-links',
    apply: 'build',
    buildStart() {
      rewritten = false;
    },
    transform(code, id) {
      if (id !== PRELOAD_HELPER_ID) return null;
      rewritten = true;
      return { code: rewritePreloadHelper(code), map: null };
    },
    generateBundle(_options, bundle) {
      // A build with dynamic imports has the helper; if it was never seen here, Vite changed how it
      // adds it (the links would be inserted all at once again).
      const dynamic = Object.values(bundle).some((item) => item.type === 'chunk' && item.dynamicImports.length > 0);
      if (dynamic && !rewritten) {
        this.error(
          `[defer preload links] Vite's preload helper (${JSON.stringify(PRELOAD_HELPER_ID)}) did not go through this plugin`,
        );
      }
    },
  };
}

/** The helper's source with JavaScript preload links deferred (see `deferPreloadLinks`). */
export function rewritePreloadHelper(code: string): string {
  const at = code.indexOf(APPEND_LINK);
  if (at === -1 || code.indexOf(APPEND_LINK, at + 1) !== -1) {
    throw new Error(
      `[defer preload links] Vite's preload helper no longer has exactly one \`${APPEND_LINK}\`: review apps/web/build-plugins/defer-preload-links.ts`,
    );
  }
  return `${code.slice(0, at)}if (isCss) document.head.appendChild(link); else deferLink(link);${code.slice(at + APPEND_LINK.length)}\n${DEFERRED_LINKS}`;
}
