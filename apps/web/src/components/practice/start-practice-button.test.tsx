// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSystem } from '../../theme';
import { StartPracticeButton } from './start-practice-button';

const cues = vi.hoisted(() => ({ unlockTones: vi.fn() }));
vi.mock('../../lib/practice/cues', () => cues);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;

async function renderButton(props: { starting: boolean; sound: boolean; onBegin: () => void }) {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <ChakraProvider value={getSystem()}>
        <StartPracticeButton {...props}>Empezar</StartPracticeButton>
      </ChakraProvider>,
    );
  });
  return { button: container.querySelector('button') as HTMLButtonElement, unmount: () => act(() => root.unmount()) };
}

afterEach(() => {
  cues.unlockTones.mockReset();
  container.remove();
});

describe('StartPracticeButton', () => {
  it.each([
    [true, 1],
    [false, 0],
  ])('with sound %s unlocks the tones %i time(s) in the click, then begins', async (sound, unlocks) => {
    const onBegin = vi.fn();
    const { button, unmount } = await renderButton({ starting: false, sound, onBegin });
    expect(button.textContent).toBe('Empezar');
    await act(async () => button.click());
    expect(cues.unlockTones).toHaveBeenCalledTimes(unlocks);
    expect(onBegin).toHaveBeenCalledTimes(1);
    await unmount();
  });

  it('while the session starts it is busy and says "Preparando..."', async () => {
    const onBegin = vi.fn();
    const { button, unmount } = await renderButton({ starting: true, sound: false, onBegin });
    expect(button.disabled).toBe(true);
    expect(button.textContent).toContain('Preparando...');
    await unmount();
  });
});
