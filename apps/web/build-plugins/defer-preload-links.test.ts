import { describe, expect, it } from 'vitest';
import { rewritePreloadHelper } from './defer-preload-links.ts';

/** The part of Vite 8's preload helper (`\0vite/preload-helper.js`) that adds one dependency's link. */
const HELPER = `
export function addLink(href, isCss) {
	const link = document.createElement("link");
	link.rel = isCss ? "stylesheet" : "modulepreload";
	link.href = href;
	document.head.appendChild(link);
	if (isCss) return "waits for the stylesheet";
}
`;

type FakeLink = { rel: string; href: string };

/** Runs the rewritten helper against a fake document, clock and task queue. */
function load(code: string, msPerInsert: number) {
  const inserted: FakeLink[] = [];
  const tasks: (() => void)[] = [];
  let now = 0;
  const document = {
    createElement: () => ({ rel: '', href: '' }),
    head: {
      appendChild: (link: FakeLink) => {
        now += msPerInsert;
        inserted.push(link);
      },
    },
  };
  const performance = { now: () => now };
  const setTimeout = (task: () => void) => tasks.push(task);
  const source = code.replace('export function addLink', 'function addLink');
  const addLink = new Function('document', 'performance', 'setTimeout', `${source}\nreturn addLink;`)(
    document,
    performance,
    setTimeout,
  ) as (href: string, isCss: boolean) => string | undefined;
  /** Runs the queued tasks in order; the links inserted by each. */
  const runTasks = () => {
    const perTask: string[][] = [];
    while (tasks.length > 0) {
      const before = inserted.length;
      tasks.shift()!();
      perTask.push(inserted.slice(before).map((link) => link.href));
    }
    return perTask;
  };
  return { addLink, inserted, runTasks };
}

describe('rewritePreloadHelper (Vite’s modulepreload links inserted in short tasks)', () => {
  it('inserts no script link inside the import() call; later tasks insert them in order, about 3 ms of insertions each', () => {
    const { addLink, inserted, runTasks } = load(rewritePreloadHelper(HELPER), 1);
    const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    for (const href of hrefs) expect(addLink(href, false)).toBeUndefined();
    expect(inserted).toEqual([]);
    const perTask = runTasks();
    expect(perTask).toEqual([hrefs.slice(0, 3), hrefs.slice(3, 6), hrefs.slice(6, 9), hrefs.slice(9)]);
    expect(inserted.every((link) => link.rel === 'modulepreload')).toBe(true);
  });

  it('a slow insertion gets a task of its own; nothing is left behind', () => {
    const { addLink, runTasks } = load(rewritePreloadHelper(HELPER), 7);
    addLink('/assets/a.js', false);
    addLink('/assets/b.js', false);
    expect(runTasks()).toEqual([['/assets/a.js'], ['/assets/b.js']]);
    addLink('/assets/c.js', false);
    expect(runTasks()).toEqual([['/assets/c.js']]);
  });

  it('still inserts a stylesheet at once (the helper waits for it)', () => {
    const { addLink, inserted } = load(rewritePreloadHelper(HELPER), 1);
    expect(addLink('/assets/page.css', true)).toBe('waits for the stylesheet');
    expect(inserted).toEqual([{ rel: 'stylesheet', href: '/assets/page.css' }]);
  });

  it('fails the build when the helper does not have exactly one appendChild(link) (a Vite upgrade to review)', () => {
    expect(() => rewritePreloadHelper('export function addLink() {}')).toThrow(/exactly one/);
    expect(() => rewritePreloadHelper(HELPER + HELPER.replace('addLink', 'addOther'))).toThrow(/exactly one/);
  });
});
