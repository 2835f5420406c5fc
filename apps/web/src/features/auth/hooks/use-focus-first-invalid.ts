import { useCallback, useRef } from 'react';

/** After a failed submit, move focus to the first invalid field so keyboard and screen-reader users land on it. */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useCallback(() => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }, []);
  return { formRef, focusFirstInvalid };
}
