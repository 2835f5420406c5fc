import { Tooltip as ChakraTooltip, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { TOOLTIP } from './tooltip-constants';

export interface TooltipContentProps extends Omit<ChakraTooltip.RootProps, 'children'> {
  /** What the tooltip says (for an icon-only button: its accessible name). */
  content: ReactNode;
  /** The trigger: one element that can hold a ref (a button). */
  children: ReactElement;
}

/**
 * Chakra's Tooltip as its v3 docs snippet composes it (Root, Trigger asChild, Portal, Positioner,
 * Content), with the spec §9 timings and offset as defaults. Loaded lazily by ./tooltip.
 */
export default function TooltipContent({ content, children, ...rest }: TooltipContentProps) {
  return (
    <ChakraTooltip.Root openDelay={TOOLTIP.openDelayMs} closeDelay={TOOLTIP.skipDelayWindowMs} positioning={{ gutter: TOOLTIP.offsetPx }} {...rest}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
