import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useRef, type PointerEvent } from 'react';
import { Tooltip } from './tooltip';

/** General notifications (spec §4, §9). */
export const GENERAL_TOASTS = {
  /** Default time on screen. */
  durationMs: 5000,
  /** A dismissed notification stays (hidden) this long before it is removed: "long after dismissal". */
  removeDelayMs: 1_000_000,
  /** The key that moves focus to the notifications region. */
  hotkey: 'F8',
  /** How far to the right a notification must be dragged to dismiss it. */
  swipeThresholdPx: 50,
} as const;

const store = createToaster({
  placement: 'top-end',
  // One is visible at a time; `create` below replaces it. The room above one holds a dismissed
  // notification while it is kept, so that a new one never waits behind it in Zag's queue.
  max: 3,
  duration: GENERAL_TOASTS.durationMs,
  removeDelay: GENERAL_TOASTS.removeDelayMs,
  hotkey: [GENERAL_TOASTS.hotkey],
  pauseOnPageIdle: true,
});

type ToastOptions = Parameters<typeof store.create>[0];

let sequence = 0;
/** Caller id (e.g. the wizard's 'Sección incompleta') → the store id of its latest notification. */
const latestByCallerId = new Map<string, string>();
/** Store ids dismissed but not yet removed (still in the store, hidden, for `removeDelayMs`). */
const dismissed = new Set<string>();

function storeId(id: string): string {
  return latestByCallerId.get(id) ?? id;
}

function showing(id: string): boolean {
  return store.isVisible(id) && !dismissed.has(id);
}

/**
 * Shows a general notification. One at a time (spec §9): a new one replaces whatever is showing or
 * kept after dismissal (as the spec's original toast hook did). Calling again with the id of a
 * notification still showing updates it in place. Each notification gets its own store id, so a
 * notification dismissed a moment ago never shares one with its successor.
 */
function create(options: ToastOptions): string {
  const callerId = options.id;
  const current = callerId === undefined ? undefined : latestByCallerId.get(callerId);
  if (current !== undefined && showing(current)) return store.update(current, { ...options, id: current });

  for (const { id: shownId } of store.getVisibleToasts()) {
    if (shownId === undefined) continue;
    dismissed.delete(shownId);
    store.remove(shownId);
  }
  sequence += 1;
  const id = `${callerId ?? 'aviso'}:${sequence}`;
  if (callerId !== undefined) latestByCallerId.set(callerId, id);
  return store.create({
    ...options,
    id,
    onStatusChange: (details) => {
      if (details.status === 'dismissing') dismissed.add(id);
      else if (details.status === 'unmounted') dismissed.delete(id);
      options.onStatusChange?.(details);
    },
  });
}

/** The app's toaster: Chakra's store with the one-at-a-time `create` above. */
export const toaster: typeof store = {
  ...store,
  create,
  success: (options) => void create({ ...options, type: 'success' }),
  error: (options) => void create({ ...options, type: 'error' }),
  info: (options) => void create({ ...options, type: 'info' }),
  warning: (options) => void create({ ...options, type: 'warning' }),
  /** Whether the notification is on screen (a dismissed one that is still kept is not). */
  isVisible: (id) => showing(storeId(id)),
  dismiss: (id) => store.dismiss(id === undefined ? undefined : storeId(id)),
};

/**
 * Swipe right to dismiss (spec §9): the notification follows the pointer to the right and is
 * dismissed when released at least `swipeThresholdPx` from where the drag began; otherwise it
 * springs back. Vertical drags are left to the page (touch-action: pan-y).
 */
function useSwipeToDismiss(id: string | undefined) {
  const start = useRef<{ pointerId: number; x: number } | null>(null);
  const offset = (event: PointerEvent<HTMLDivElement>) => Math.max(0, event.clientX - (start.current?.x ?? event.clientX));
  const setX = (element: HTMLDivElement, px: number) => element.style.setProperty('--x', `${px}px`);

  return {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.button !== 0) return;
      start.current = { pointerId: event.pointerId, x: event.clientX };
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (start.current?.pointerId !== event.pointerId) return;
      const dx = offset(event);
      // Capture only once it is a drag, so a plain click on the close button stays a click.
      if (dx > 4 && !event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.setPointerCapture(event.pointerId);
      setX(event.currentTarget, dx);
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      if (start.current?.pointerId !== event.pointerId) return;
      const dx = offset(event);
      start.current = null;
      if (id !== undefined && dx >= GENERAL_TOASTS.swipeThresholdPx) {
        store.dismiss(id);
      } else {
        setX(event.currentTarget, 0);
      }
    },
    onPointerCancel: (event: PointerEvent<HTMLDivElement>) => {
      start.current = null;
      setX(event.currentTarget, 0);
    },
  };
}

function GeneralToast({ toast }: { toast: ToastOptions }) {
  const swipe = useSwipeToDismiss(toast.id);
  return (
    <Toast.Root
      width={{ md: 'sm' }}
      // Dragging must move the notification, not select its text: a drag that starts on selected text
      // becomes the browser's own drag and cancels the pointer (pointercancel).
      touchAction="pan-y"
      userSelect="none"
      {...swipe}
      // Kept after dismissal (spec §9), but hidden: out of the accessibility tree once it has faded.
      _closed={{
        visibility: 'hidden',
        transition: 'translate 400ms, scale 400ms, opacity 200ms, visibility 0s linear 400ms',
      }}
    >
      {toast.type === 'loading' ? <Spinner size="sm" color="brand.600" /> : <Toast.Indicator />}
      <Stack gap="1" flex="1" maxWidth="100%">
        {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
        {toast.description ? <Toast.Description opacity="1">{toast.description}</Toast.Description> : null}
      </Stack>
      {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
      {toast.closable ? (
        <Tooltip content="Cerrar aviso">
          <Toast.CloseTrigger aria-label="Cerrar aviso" />
        </Tooltip>
      ) : null}
    </Toast.Root>
  );
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={store} insetInline={{ mdDown: '4' }} aria-label={`Notificaciones (${GENERAL_TOASTS.hotkey})`}>
        {(toast) => <GeneralToast toast={toast} />}
      </ChakraToaster>
    </Portal>
  );
}
