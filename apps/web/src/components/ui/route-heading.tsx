import type { HeadingProps } from '@chakra-ui/react';
import { useRouteFocus } from '#lib/use-route-focus';
import { FocusHeading } from './focus-heading';

/** A screen's h1: it takes focus after an in-app navigation (useRouteFocus), without a focus ring. */
export function RouteHeading(props: HeadingProps) {
  const headingRef = useRouteFocus();
  return <FocusHeading as="h1" ref={headingRef} {...props} />;
}
