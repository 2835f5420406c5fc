/** What a key press in a message box should do. */
export type ComposerKeyAction = 'send' | 'newline' | 'ignore';

export interface ComposerKeyInput {
  key: string;
  shiftKey: boolean;
  /** True while an IME composition is in progress (Enter then confirms the composition). */
  isComposing: boolean;
  /** The current text of the box. */
  text: string;
  /** Sending is not possible right now (an answer is streaming, the box is disabled...). */
  blocked?: boolean;
}

/** The trimmed text must be non-empty to send (spec §5). */
export function canSend(text: string): boolean {
  return text.trim().length > 0;
}

/**
 * Spec §2: Enter sends, Shift+Enter inserts a newline. Enter on empty text, during an IME
 * composition or while sending is blocked does nothing ('ignore' means: prevent the default too,
 * except during composition, where the browser must see the key).
 */
export function composerKeyAction({ key, shiftKey, isComposing, text, blocked = false }: ComposerKeyInput): ComposerKeyAction {
  if (key !== 'Enter') return 'ignore';
  if (isComposing) return 'ignore';
  if (shiftKey) return 'newline';
  if (blocked || !canSend(text)) return 'ignore';
  return 'send';
}

/** Whether the default action of the key (inserting a newline) must be prevented. */
export function preventsDefault(input: ComposerKeyInput): boolean {
  if (input.key !== 'Enter' || input.isComposing || input.shiftKey) return false;
  return true;
}
