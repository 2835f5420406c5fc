// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { getSystem } from '../../theme';
import { RetryAlert } from './retry-alert';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('RetryAlert', () => {
  it.each([false, true])('inline %s: says what failed with the Spanish copy, and "Reintentar" refetches', async (inline) => {
    const refetch = vi.fn(() => Promise.resolve());
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <ChakraProvider value={getSystem()}>
          <RetryAlert what="No hemos podido cargar tus notas." query={{ error: new Error('network'), refetch }} inline={inline} />
        </ChakraProvider>,
      );
    });
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toMatch(/^No hemos podido cargar tus notas\. \S/);
    const button = container.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Reintentar');
    await act(async () => button.click());
    expect(refetch).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    container.remove();
  });
});
