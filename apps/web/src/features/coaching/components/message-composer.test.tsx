// @vitest-environment jsdom
import { COACH_MESSAGE_COUNTER_FROM, COACH_MESSAGE_MAX_LENGTH } from '@ascenso/domain/coaching';
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSystem } from '../../../theme';
import { MessageComposer } from './message-composer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no ResizeObserver; the box's autoresize only needs it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

async function renderComposer(defaultText: string) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const onSend = vi.fn(() => Promise.resolve(true));
  await act(async () => {
    root?.render(
      <ChakraProvider value={getSystem()}>
        <MessageComposer label="Mensaje para tu coach" onSend={onSend} streaming={false} onStop={() => {}} defaultText={defaultText} />
      </ChakraProvider>,
    );
  });
  return container.querySelector('textarea') as HTMLTextAreaElement;
}

describe('MessageComposer length', () => {
  it('caps the box at the length the API accepts (the domain constant)', async () => {
    const box = await renderComposer('Hola');
    expect(box.maxLength).toBe(COACH_MESSAGE_MAX_LENGTH);
    expect(container?.textContent).not.toMatch(/caracteres$/);
    expect(box.getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
  });

  it('shows how many characters are used near the limit, described to screen readers', async () => {
    const box = await renderComposer('a'.repeat(COACH_MESSAGE_COUNTER_FROM));
    const counter = container?.querySelector('[aria-live="polite"]');
    expect(counter?.textContent).toBe(`${COACH_MESSAGE_COUNTER_FROM} de ${COACH_MESSAGE_MAX_LENGTH} caracteres`);
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(counter?.id);
  });
});
