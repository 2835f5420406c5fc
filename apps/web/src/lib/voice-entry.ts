import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The voice quick entry's hand-overs between slices that may not import each other (decision 030):
 * - the step counter's button asks for the recorder (`requestVoiceEntry`), which features/voice opens;
 * - the recorder hands the transcript to Home's message box (`offerMessageDraft`), or asks it to take the
 *   focus so the person can type instead (`offerMessageDraft(null)`).
 * A draft waits here until a message box takes it (the recorder navigates to Home first). Nothing is sent.
 */

type Listener = () => void;

function createSignal() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit() {
      for (const listener of [...listeners]) listener();
    },
  };
}

let voiceRequests = 0;
let opener: HTMLElement | null = null;
const voiceSignal = createSignal();

/** Opens the voice recorder (features/voice mounts it); focus goes back to what had it when it closes. */
export function requestVoiceEntry(): void {
  opener = typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  voiceRequests += 1;
  voiceSignal.emit();
}

/** Gives focus back to what opened the recorder (a closed recorder that hands nothing over). */
export function returnFocusToOpener(): void {
  const target = opener;
  opener = null;
  if (target?.isConnected) window.requestAnimationFrame(() => target.focus());
}

/** How many times the recorder was asked for: a new number opens it again. */
export function useVoiceEntryRequests(): number {
  return useSyncExternalStore(
    voiceSignal.subscribe,
    () => voiceRequests,
    () => 0,
  );
}

/** A transcript to put into the message box, or `text: null` to only focus it ("Escribir en su lugar"). */
export type MessageDraft = { text: string | null };

let pendingDraft: MessageDraft | null = null;
const draftSignal = createSignal();

export function offerMessageDraft(text: string | null): void {
  pendingDraft = { text };
  draftSignal.emit();
}

/** Takes the waiting draft, if any (it is given once). */
export function takeMessageDraft(): MessageDraft | null {
  const draft = pendingDraft;
  pendingDraft = null;
  return draft;
}

/** The message box's side: `receive` gets each draft, including one offered before the box was mounted. */
export function useMessageDrafts(receive: (draft: MessageDraft) => void): void {
  const latest = useRef(receive);
  useEffect(() => {
    latest.current = receive;
  });
  useEffect(() => {
    const deliver = () => {
      const draft = takeMessageDraft();
      if (draft) latest.current(draft);
    };
    deliver();
    return draftSignal.subscribe(deliver);
  }, []);
}

/** The box's new text: the transcript after what was already written (one space between). */
export function appendDraft(current: string, transcript: string): string {
  const before = current.replace(/\s+$/, '');
  const added = transcript.trim();
  if (!added) return current;
  return before ? `${before} ${added}` : added;
}
