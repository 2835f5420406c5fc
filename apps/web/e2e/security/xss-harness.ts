import { expect, test, type Page } from '@playwright/test';
import { SECURITY_ORIGIN } from '../support/ports';
import { ALL_SENTINELS } from './vectors';

/** The security server (e2e/start-server.mjs --security). */
export { SECURITY_ORIGIN };

export type EvidenceKind = 'sentinel' | 'dialog' | 'csp' | 'pageerror' | 'popup' | 'navigation' | 'outside-request' | 'resource';

/** Something that shows a vector ran (or tried to, or got an element with a live resource into the page). */
export interface Evidence {
  kind: EvidenceKind;
  detail: string;
}

/** Not evidence, but kept and attached to the report: CSP reports from inert parsing (see pageTraps). */
export type LogKind = 'csp-log' | 'console';

/** Options of the in-page DOM audit (`window.__xssAudit`). */
export interface AuditOptions {
  /** Only these elements may appear under the root (the app's own icons excepted); others are reported. */
  allowTags?: string[];
  /** Links must match the daily plan's policy: a same-site path or an https URL. */
  planLinks?: boolean;
}

declare global {
  interface Window {
    __xssReport?: (kind: string, detail: string) => void;
    __xssAudit: (selector: string | null, options?: AuditOptions) => string[];
    __xssAuditDocument: () => string[];
    __xssMissingText: (selector: string, expected: string[]) => string[];
  }
}

/**
 * Runs in every page before the app: the sentinels the instrumented vectors call, a
 * `securitypolicyviolation` listener, and the DOM audits the specs call. (`eval` is not wrapped:
 * Playwright itself evaluates through it; the vectors' own `eval` calls are rewritten to sentinels.)
 */
function pageTraps({ sentinels }: { sentinels: string[] }) {
  const report = (kind: string, detail: string) => {
    try {
      window.__xssReport?.(kind, detail);
    } catch {
      // The binding is gone (the page is closing).
    }
  };
  for (const name of sentinels) {
    Object.defineProperty(window, name, {
      value: (...args: unknown[]) => report('sentinel', `${name}(${args.map((a) => String(a)).join(', ')})`),
      configurable: false,
      writable: false,
    });
  }
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      // A violation on an element of this page, or a blocked load, means hostile markup reached the
      // live DOM. Chromium also reports inline handlers met while a sanitiser parses HTML in an inert
      // document (DOMPurify's DOMParser): those are dispatched at the document, never compiled, and
      // only logged; so is zod's one-off `new Function` feature test.
      const live = event.target instanceof Element && event.target.isConnected;
      const inlineOrEval = event.blockedURI === 'inline' || event.blockedURI === 'eval' || event.blockedURI === '';
      const target = event.target instanceof Element ? event.target.outerHTML.slice(0, 160) : 'the document';
      const detail = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} on ${target}`;
      report(live || !inlineOrEval ? 'csp' : 'csp-log', detail);
    },
    true,
  );

  // Elements that have no business inside a place that shows user or model text.
  const FOREIGN_TAGS = new Set(
    (
      'script style link meta base iframe frame frameset object embed applet param portal fencedframe img image picture ' +
      'video audio source track canvas map area svg math form input textarea select option optgroup button datalist ' +
      'keygen isindex label template slot noscript noembed noframes xmp listing plaintext marquee bgsound blink xml ' +
      'details dialog title head body html animate animatemotion animatetransform set foreignobject use handler listener ' +
      'mglyph maction annotation-xml feimage'
    ).split(' '),
  );
  // Elements that must not be anywhere in the document (outside the app's own <head> bundle).
  const NEVER_TAGS = new Set('iframe frame frameset object embed applet portal fencedframe base isindex keygen xmp plaintext handler listener'.split(' '));
  const URL_ATTRIBUTES = new Set(
    'href src action formaction xlink:href data background poster dynsrc lowsrc codebase cite ping srcset longdesc usemap manifest icon archive classid profile to from values by'.split(
      ' ',
    ),
  );
  // What browsers ignore around and inside a scheme (C0 controls, space, the Unicode spaces DOMPurify tests).
  // eslint-disable-next-line no-control-regex
  const IGNORED = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u205f\u3000\ufeff]/g;
  const dangerousUrl = (value: string) => /^(?:javascript|vbscript|livescript|mhtml|data|view-source|jar|feed):/i.test(value.replace(IGNORED, ''));
  const describe = (element: Element) => {
    const html = element.outerHTML;
    return html.length > 160 ? `${html.slice(0, 160)}…` : html;
  };
  /** The app's own decorative icons (aria-hidden, or the plan's link icons) may be SVG. */
  const appIcon = (element: Element) => {
    const svg = element.closest('svg');
    if (!svg) return false;
    const decorative = svg.getAttribute('aria-hidden') === 'true' || svg.hasAttribute('data-plan-icon') || svg.closest('[aria-hidden="true"]') !== null;
    return (
      decorative &&
      !['script', 'foreignobject', 'animate', 'set', 'animatemotion', 'animatetransform', 'use', 'handler', 'listener', 'feimage'].includes(
        element.localName.toLowerCase(),
      )
    );
  };
  const attributeProblems = (element: Element, problems: string[], planLinks: boolean) => {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      if (name.startsWith('on')) problems.push(`event handler ${name} on ${describe(element)}`);
      else if (name === 'srcdoc') problems.push(`srcdoc on ${describe(element)}`);
      else if (URL_ATTRIBUTES.has(name) && dangerousUrl(value)) problems.push(`${name}="${value.slice(0, 80)}" on ${describe(element)}`);
      else if (name === 'style' && /expression|javascript:|vbscript:|behavior|binding|url\s*\(/i.test(value))
        problems.push(`style="${value.slice(0, 80)}" on ${describe(element)}`);
      else if (name === 'http-equiv') problems.push(`http-equiv on ${describe(element)}`);
      if (planLinks && name === 'href' && element.localName === 'a' && !/^(?:\/(?![/\\])|https:\/\/)/.test(value)) problems.push(`plan link to "${value}"`);
    }
  };

  window.__xssAudit = (selector, options = {}) => {
    const problems: string[] = [];
    const roots = selector ? Array.from(document.querySelectorAll(selector)) : [document.body];
    if (roots.length === 0) return [`nothing matches ${selector}`];
    const allow = options.allowTags ? new Set(options.allowTags) : null;
    for (const root of roots) {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        const tag = element.localName.toLowerCase();
        const icon = appIcon(element);
        if (!icon && (FOREIGN_TAGS.has(tag) || (allow && !allow.has(tag)))) problems.push(`<${tag}>: ${describe(element)}`);
        attributeProblems(element, problems, options.planLinks === true);
      }
    }
    return problems;
  };

  window.__xssAuditDocument = () => {
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.localName.toLowerCase();
      if (NEVER_TAGS.has(tag)) problems.push(`<${tag}> in the document: ${describe(element)}`);
      if (tag === 'script') {
        const src = element.getAttribute('src') ?? '';
        const ours =
          element.parentElement === document.head && /^\/assets\/[\w.-]+\.js$/.test(new URL(src || 'about:blank', location.href).pathname) && src !== '';
        // The server's data blocks (apps/api/src/http/static.ts): never executed; one of each, in <head>,
        // holding valid JSON (a name that broke out of one would leave it truncated or add an element).
        const isJson = (text: string | null) => {
          try {
            JSON.parse(text ?? '');
            return true;
          } catch {
            return false;
          }
        };
        const dataBlock =
          element.parentElement === document.head &&
          src === '' &&
          element.getAttribute('type') === 'application/json' &&
          ['ascenso-bootstrap', 'ascenso-preload'].includes(element.id) &&
          document.querySelectorAll(`script#${element.id}`).length === 1 &&
          isJson(element.textContent);
        if (!ours && !dataBlock) problems.push(`<script> in the document: ${describe(element)}`);
      }
      if (tag === 'meta' && element.hasAttribute('http-equiv')) problems.push(`<meta http-equiv> in the document: ${describe(element)}`);
      if (['animate', 'set', 'animatemotion', 'animatetransform', 'foreignobject'].includes(tag))
        problems.push(`<${tag}> in the document: ${describe(element)}`);
      attributeProblems(element, problems, false);
    }
    return problems;
  };

  /** Which expected texts the element does not show (compared without controls and with spaces collapsed). */
  window.__xssMissingText = (selector, expected) => {
    // Controls other than whitespace may be dropped or replaced on the way (NUL by the HTML parser).
    const normalise = (text: string) =>
      text
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000e-\u001f\u007f\ufffd]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    const shown = normalise(
      Array.from(document.querySelectorAll(selector))
        .map((element) => element.textContent ?? '')
        .join(' '),
    );
    return expected.filter((text) => !shown.includes(normalise(text)));
  };
}

/**
 * Everything that would show a vector ran, gathered for one page: sentinel calls, dialogs
 * (alert/prompt/confirm the rewrite could not see), CSP violations, uncaught errors (a half-run
 * handler), pop-ups, navigations away from the app, requests to other hosts, and same-site loads of
 * resources the app never asks for (an image or script a vector smuggled in).
 */
export class XssTraps {
  readonly evidence: Evidence[] = [];
  readonly log: Array<{ kind: LogKind; detail: string }> = [];

  private constructor(private readonly page: Page) {}

  static async arm(page: Page): Promise<XssTraps> {
    const traps = new XssTraps(page);
    const record = (kind: EvidenceKind, detail: string) => traps.evidence.push({ kind, detail });
    await page.exposeBinding('__xssReport', (_source, kind: string, detail: string) => {
      if (kind === 'csp-log') traps.log.push({ kind, detail });
      else record(kind as EvidenceKind, detail);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || /xss_|Refused to/.test(message.text())) traps.log.push({ kind: 'console', detail: message.text().slice(0, 300) });
    });
    await page.addInitScript(pageTraps, { sentinels: [...ALL_SENTINELS] });
    page.on('dialog', (dialog) => {
      record('dialog', `${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('pageerror', (error) => record('pageerror', error.message));
    page.on('popup', (popup) => record('popup', popup.url()));
    page.on('framenavigated', (frame) => {
      const url = frame.url();
      if (frame === page.mainFrame() && url !== 'about:blank' && !url.startsWith(SECURITY_ORIGIN)) record('navigation', url);
      if (frame !== page.mainFrame()) record('navigation', `a frame loaded ${url}`);
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== SECURITY_ORIGIN) return;
      const type = request.resourceType();
      const appAsset =
        url.pathname.startsWith('/assets/') || url.pathname.startsWith('/api/') || /^\/[\w.-]+\.(?:svg|ico|png|webmanifest|woff2?)$/.test(url.pathname);
      if (['image', 'media', 'script', 'stylesheet', 'font', 'object', 'texttrack'].includes(type) && !appAsset) {
        record('resource', `${type} ${url.pathname}${url.search}`);
      }
    });
    await page.route(
      (url) => !['localhost', '127.0.0.1'].includes(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:'),
      async (route) => {
        record('outside-request', `${route.request().resourceType()} ${route.request().url()}`);
        await route.abort('blockedbyclient');
      },
    );
    return traps;
  }

  /**
   * Waits for late events (image errors, timers), then expects nothing to have happened. The log
   * (console errors, CSP reports from inert parsing) is attached to the test's report.
   */
  async expectNothingRan(label: string, settleMs = 800): Promise<void> {
    await this.page.waitForTimeout(settleMs);
    if (this.log.length > 0) {
      await test.info().attach(`${label} - log.json`, { body: JSON.stringify(this.log, null, 2), contentType: 'application/json' });
    }
    expect(this.evidence, `${label}: something ran or loaded`).toEqual([]);
  }
}

/** The strict audit of one place (every element matching `selector`): returns the problems found. */
export function auditPlace(page: Page, selector: string, options: AuditOptions = {}): Promise<string[]> {
  return page.evaluate(({ selector: s, options: o }) => window.__xssAudit(s, o), { selector, options });
}

/** The whole document: no live script, frame, handler, javascript: URL or srcdoc anywhere. */
export async function expectCleanDocument(page: Page, label: string): Promise<void> {
  const problems = await page.evaluate(() => window.__xssAuditDocument());
  expect(problems, `${label}: dangerous markup in the document`).toEqual([]);
}

export async function expectCleanPlace(page: Page, selector: string, label: string, options: AuditOptions = {}): Promise<void> {
  expect(await auditPlace(page, selector, options), `${label}: dangerous markup in ${selector}`).toEqual([]);
}

/** The texts that `selector` does not show (whitespace and control characters aside). */
export function missingTexts(page: Page, selector: string, expected: string[]): Promise<string[]> {
  return page.evaluate(({ selector: s, expected: e }) => window.__xssMissingText(s, e), { selector, expected });
}
