import { Heading, type HeadingProps } from '@chakra-ui/react';
import type { RefAttributes } from 'react';

/**
 * A heading that focus is moved to from code (a route change, a new step, a result, a safety note): it
 * is not a control, so it stays out of the tab order (tabIndex -1) and shows no focus outline.
 */
export function FocusHeading(props: HeadingProps & RefAttributes<HTMLHeadingElement>) {
  return <Heading tabIndex={-1} _focus={{ outline: 'none' }} color="heading" {...props} />;
}
