import { Button, Circle, Text, type ButtonProps } from '@chakra-ui/react';
import type { RefAttributes } from 'react';
import { ChevronDownIcon } from '#components/ui/icons';
import { YIELDS_FOCUS_ON_NAVIGATION } from '#lib/use-route-focus';
import { userMenuLabel } from './user-menu-items';

/** The person's initial in the header (their first name's first letter). */
export function NameInitial({ firstName }: { firstName: string }) {
  return (
    <Circle size="8" bg="sun.100" color="sun.900" fontWeight="700" fontSize="sm" aria-hidden="true" display={{ base: 'none', md: 'flex' }}>
      {firstName.trim().charAt(0).toUpperCase() || 'A'}
    </Circle>
  );
}

/** The first name as the header shows it (cut with an ellipsis when long, so the header fits 320 px). */
export function HeaderName({ firstName }: { firstName: string }) {
  return (
    <Text as="span" fontWeight="600" color="heading" maxW={{ base: '20', sm: '24', md: '32', lg: '48' }} truncate>
      {firstName}
    </Text>
  );
}

/**
 * The header's menu button as it looks and is named ("Menú de Irene"), whether its menu has arrived
 * yet or not (user-menu.tsx): the same element either way, so nothing moves when it does.
 */
export function UserMenuButton({ firstName, ...props }: { firstName: string } & ButtonProps & RefAttributes<HTMLButtonElement>) {
  return (
    <Button
      variant="ghost"
      size="sm"
      borderRadius="full"
      ps={{ base: '2', md: '1' }}
      pe="2"
      gap="2"
      aria-label={userMenuLabel(firstName)}
      aria-haspopup="menu"
      {...YIELDS_FOCUS_ON_NAVIGATION}
      {...props}
    >
      <NameInitial firstName={firstName} />
      <HeaderName firstName={firstName} />
      <ChevronDownIcon boxSize="4" color="ink.600" />
    </Button>
  );
}
