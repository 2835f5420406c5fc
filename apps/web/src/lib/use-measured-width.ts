import { useCallback, useState } from 'react';

/** The rendered width of an element (ResizeObserver), for charts drawn in pixels. */
export function useMeasuredWidth(initial = 640) {
  const [width, setWidth] = useState(initial);
  const ref = useCallback((node: HTMLElement | null) => {
    if (!node) return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.max(200, Math.round(entry.contentRect.width)));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
