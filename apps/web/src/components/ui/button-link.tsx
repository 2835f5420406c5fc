import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

/** A link to a route of the app that looks like a rounded button (`type` is dropped: it is a link). */
export function ButtonLink({ to, children, ...props }: { to: string } & Omit<ButtonProps, 'asChild' | 'type'>) {
  return (
    <Button asChild type={undefined} borderRadius="full" {...props}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
