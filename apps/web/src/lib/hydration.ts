/**
 * A page rendered on the server (a member's Home) shows its buttons and fields before the app has
 * started. What a user does in that moment is not lost: until the app has hydrated the page,
 * `holdInteractionsUntilHydrated` (called by src/boot.ts) keeps the last button click and form
 * submission, and afterwards replays them on the very same elements (hydration keeps the server's
 * elements) and hands what was typed into text fields to the app. Links need nothing: they work
 * natively.
 */

const HYDRATED_EVENT = 'ascenso:hydrated';

let announced = false;

/**
 * Called when the first screen has been committed (src/lib/lazy-route.tsx: every screen is a lazy
 * route, the innermost part of the page): the page is the app's now. For a server page this is when
 * it is hydrated: React hydrates each Suspense boundary after the app's first commit, outside in, and
 * the screen is the innermost. `<html data-app-ready>` says so to whoever needs to wait for it
 * (tests that scroll, for instance: scroll-driven behaviour starts with the app).
 */
export function announceHydrated(doc: Document = document, win: Pick<Window, 'dispatchEvent'> = window): void {
  if (announced) return;
  announced = true;
  doc.documentElement.setAttribute('data-app-ready', '');
  win.dispatchEvent(new Event(HYDRATED_EVENT));
}

const CLICKABLE = 'button, [role="button"], input[type="submit"], input[type="button"], summary';

/** A field's value set without React's value tracker noticing, so that the input event counts as a change. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * Whether React has taken over a field: it tracks a field's value through a property it defines on the
 * element itself. A part of the page inside a Suspense boundary hydrates after the app's first commit.
 */
function isTracked(field: TextField): boolean {
  return Object.prototype.hasOwnProperty.call(field, 'value');
}

/**
 * Text typed before hydration, handed to the app as if typed now. Hydration keeps what the field
 * shows but the app's state still holds the server's value (the field's default), so the field is
 * set back to that value through React's value tracker, the text is put back without it, and an input
 * event follows: React reads a change and the app takes the text.
 */
function handOverTypedText(field: TextField, text: string): void {
  field.value = field.defaultValue;
  setNativeValue(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** How long to wait at most, after the app's first commit, for React to take over typed-in fields. */
const HANDOVER_ATTEMPTS = 100;
const HANDOVER_INTERVAL_MS = 50;

export function holdInteractionsUntilHydrated(doc: Document = document, win: Window = window): void {
  let lastClick: HTMLElement | null = null;
  let lastSubmit: HTMLFormElement | null = null;
  const typed = new Map<TextField, string>();

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CLICKABLE) : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    lastClick = target;
    lastSubmit = null;
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    lastSubmit = event.target;
    lastClick = null;
  };
  const onInput = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) typed.set(target, target.value);
  };
  // A field marked `data-enter-submits` sends its form on Enter (Shift+Enter: a new line).
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target;
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || !(target instanceof HTMLTextAreaElement))
      return;
    if (!target.hasAttribute('data-enter-submits') || !target.form) return;
    event.preventDefault();
    event.stopPropagation();
    lastSubmit = target.form;
    lastClick = null;
  };

  const listeners: Array<[string, (event: never) => void]> = [
    ['click', onClick],
    ['submit', onSubmit],
    ['input', onInput],
    ['keydown', onKeyDown],
  ];
  for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener, true);

  /** Once React has every typed-in field (or after a while): the text, then the click or submission. */
  const handOver = (attempts: number) => {
    const waiting = [...typed].filter(([field, text]) => field.isConnected && text !== field.defaultValue);
    if (waiting.some(([field]) => !isTracked(field)) && attempts > 0) {
      win.setTimeout(() => handOver(attempts - 1), HANDOVER_INTERVAL_MS);
      return;
    }
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener, true);
    for (const [field, text] of waiting) if (isTracked(field)) handOverTypedText(field, text);
    // After React has rendered the text (the input events' updates come first).
    win.setTimeout(() => {
      if (lastSubmit?.isConnected) lastSubmit.requestSubmit();
      else if (lastClick?.isConnected) lastClick.click();
    }, 0);
  };
  win.addEventListener(HYDRATED_EVENT, () => handOver(HANDOVER_ATTEMPTS), { once: true });
}
