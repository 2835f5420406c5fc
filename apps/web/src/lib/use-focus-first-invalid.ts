import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * After a failed submit, move focus to the first invalid field so keyboard and screen-reader users land
 * on it. Focus moves right after the render that shows the errors (call this together with setting
 * them): a timer or an animation frame can fire before React has committed that render.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useRef(false);
  const [, setRequests] = useState(0);
  useLayoutEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  const focusFirstInvalid = useCallback(() => {
    pending.current = true;
    setRequests((n) => n + 1);
  }, []);
  return { formRef, focusFirstInvalid };
}
