import { Heading, type HeadingProps } from '@chakra-ui/react';
import { useRouteFocus } from '../../lib/use-route-focus';

/** A screen's h1: it takes focus after an in-app navigation (useRouteFocus), without a focus ring. */
export function RouteHeading(props: HeadingProps) {
  const headingRef = useRouteFocus();
  return <Heading as="h1" ref={headingRef} tabIndex={-1} _focus={{ outline: 'none' }} color="heading" {...props} />;
}
