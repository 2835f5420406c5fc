import { Suspense, lazy, type ReactElement, type ReactNode } from 'react';

export { TOOLTIP } from './tooltip-constants';

// Chakra's Tooltip (Zag's tooltip machine and the positioning library) is its own chunk, so the
// screens that show icon-only buttons first (sign-in, the step counter) do not wait for it; until it
// arrives the button shows without its tooltip.
const TooltipContent = lazy(() => import('./tooltip-content'));

/**
 * A tooltip for an icon-only button (spec §9: 700 ms open delay, 300 ms skip-delay window, offset 4).
 * `content` is usually the button's aria-label, so sighted pointer users read the same name.
 * `closeOnClick={false}` keeps it open when the button is pressed: for a button that does nothing
 * (aria-disabled) and whose tooltip says why.
 */
export function Tooltip({ content, children, closeOnClick }: { content: ReactNode; children: ReactElement; closeOnClick?: boolean }) {
  return (
    <Suspense fallback={children}>
      <TooltipContent content={content} {...(closeOnClick === undefined ? {} : { closeOnClick })}>
        {children}
      </TooltipContent>
    </Suspense>
  );
}
