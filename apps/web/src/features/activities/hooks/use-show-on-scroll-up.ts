import { useEffect, useState } from 'react';
import { COUNTER_SCROLL_THRESHOLD_PX, nextCounterVisibility } from '../utils/counter-visibility';

/** False while the user is scrolling down below the threshold; true again as soon as they scroll up. */
export function useShowOnScrollUp(threshold = COUNTER_SCROLL_THRESHOLD_PX): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    let previousY = window.scrollY;
    const onScroll = () => {
      const currentY = window.scrollY;
      const from = previousY;
      previousY = currentY;
      setVisible((current) => nextCounterVisibility(current, from, currentY, threshold));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);

  return visible;
}
