import { EmailSchema } from '@ascenso/domain/auth';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '#lib/error-messages';
import type { SendResult } from '../utils/email-copy';

interface SendCallbacks {
  onSuccess: (result: SendResult) => void;
  onError: (error: unknown) => void;
}

export interface SendFormOptions {
  /** What the "send to" field holds at first. */
  initialTo: string;
  /** Where an empty field sends to (the field is then optional); without it an address is required. */
  fallbackTo?: string;
  /** The subject the failure shows when the send itself fails. */
  failedSubject: string;
  pending: boolean;
  /** Starts the send to the checked address, or to `fallbackTo` (`usedFallback`), e.g. with a mutation's `mutate`. */
  send: (to: string, callbacks: SendCallbacks, usedFallback: boolean) => void;
}

/**
 * An admin send form (a test template, the coach's weekly summary): the address is checked with the
 * domain's EmailSchema (its message under the field, focus back on it), then sent; the outcome, or the
 * failure as a failed result, is kept with the address it went to, for SendResultAlert.
 */
export function useSendForm({ initialTo, fallbackTo, failedSubject, pending, send }: SendFormOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [to, setTo] = useState(initialTo);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ result: SendResult; to: string } | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSent(null);
    // An empty optional field stands for the fallback address.
    const usedFallback = fallbackTo !== undefined && !to.trim();
    const parsed = usedFallback ? { success: true as const, data: fallbackTo } : EmailSchema.safeParse(to);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Escribe un correo válido');
      inputRef.current?.focus();
      return;
    }
    setError(null);
    const recipient = parsed.data;
    const failed = (failure: unknown): SendResult => ({ status: 'failed', transport: 'outbox', error: errorMessage(failure), subject: failedSubject });
    send(
      recipient,
      { onSuccess: (result) => setSent({ result, to: recipient }), onError: (failure) => setSent({ result: failed(failure), to: recipient }) },
      usedFallback,
    );
  };

  /** The e-mail input's own props: spread them on the `<Input>`. */
  const input = {
    ref: inputRef,
    type: 'email',
    inputMode: 'email',
    value: to,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setTo(event.target.value);
      setError(null);
    },
    spellCheck: false,
  } as const;

  return { input, error, sent, handleSubmit };
}
