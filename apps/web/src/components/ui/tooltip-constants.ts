/**
 * Tooltips (spec §9): open delay 700 ms, skip-delay window 300 ms, offset 4 px.
 *
 * Zag (under Chakra's Tooltip) has no separate skip-delay setting: while a tooltip is open or still
 * closing, pointing at another trigger opens that one at once, and a tooltip keeps closing for its
 * `closeDelay`. So `closeDelay` is the skip-delay window: for 300 ms after leaving a trigger, the next
 * tooltip opens with no delay.
 */
export const TOOLTIP = {
  openDelayMs: 700,
  skipDelayWindowMs: 300,
  offsetPx: 4,
} as const;
