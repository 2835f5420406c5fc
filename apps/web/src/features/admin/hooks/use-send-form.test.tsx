// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../utils/email-copy';
import { useSendForm, type SendFormOptions } from './use-send-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const STORED: SendResult = { status: 'stored', transport: 'outbox', error: null, subject: 'Bienvenida' };

function Harness(options: SendFormOptions) {
  const { input, error, sent, handleSubmit } = useSendForm(options);
  return (
    <form onSubmit={handleSubmit}>
      <input {...input} />
      <p id="error">{error}</p>
      <p id="sent">{sent ? JSON.stringify(sent) : ''}</p>
    </form>
  );
}

let container: HTMLDivElement;
let root: Root;

async function render(options: Partial<SendFormOptions>) {
  const send = vi.fn<SendFormOptions['send']>();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<Harness initialTo="" failedSubject="Bienvenida" pending={false} send={send} {...options} />));
  const input = container.querySelector('input') as HTMLInputElement;
  return {
    send,
    input,
    error: () => container.querySelector('#error')?.textContent,
    sent: () => container.querySelector('#sent')?.textContent,
    submit: () => act(async () => void container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))),
    type: (value: string) =>
      act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
  };
}

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('useSendForm (the admin send forms)', () => {
  it('without a fallback, an address is required: the schema message shows, focus goes to the field, nothing is sent', async () => {
    const form = await render({ initialTo: '' });
    await form.submit();
    expect(form.error()).toBe('Escribe un correo válido');
    expect(document.activeElement).toBe(form.input);
    expect(form.send).not.toHaveBeenCalled();
    await form.type('a');
    expect(form.error()).toBe('');
  });

  it('sends to the address as the schema reads it (trimmed, lower case) and keeps the result with it', async () => {
    const form = await render({ initialTo: '  Ana@Example.COM ', fallbackTo: 'persona@example.com' });
    await form.submit();
    expect(form.send).toHaveBeenCalledWith('ana@example.com', expect.anything(), false);
    await act(async () => form.send.mock.calls[0]?.[1].onSuccess(STORED));
    expect(JSON.parse(form.sent() ?? '')).toEqual({ result: STORED, to: 'ana@example.com' });
  });

  it('with a fallback, an empty field sends to it (usedFallback), and a failed send is kept as a failed result', async () => {
    const form = await render({ initialTo: '   ', fallbackTo: 'persona@example.com', failedSubject: 'Resumen semanal' });
    await form.submit();
    expect(form.send).toHaveBeenCalledWith('persona@example.com', expect.anything(), true);
    await act(async () => form.send.mock.calls[0]?.[1].onError(new Error('caído')));
    const sent = JSON.parse(form.sent() ?? '') as { result: SendResult; to: string };
    expect(sent.to).toBe('persona@example.com');
    expect(sent.result).toMatchObject({ status: 'failed', transport: 'outbox', subject: 'Resumen semanal' });
    expect(sent.result.error).toEqual(expect.any(String));
  });

  it('does nothing while a send is pending', async () => {
    const form = await render({ initialTo: 'ana@example.com', pending: true });
    await form.submit();
    expect(form.send).not.toHaveBeenCalled();
  });
});
