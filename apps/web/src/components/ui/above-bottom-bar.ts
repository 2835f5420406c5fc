/**
 * A distance from the bottom edge for what floats there (the step counter, the break reminder) and for the room a
 * page keeps free under them: `gap`, plus the height of a sticky action bar when a screen has one
 * (`--ascenso-bottom-bar`) and the phone's home indicator.
 */
export function aboveBottomBar(gap: string): string {
  return `calc(${gap} + var(--ascenso-bottom-bar, 0px) + env(safe-area-inset-bottom, 0px))`;
}
