import { Link, type LinkProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Wordmark } from './wordmark';

/** The Ascenso wordmark as a link to the landing page (headers of the landing and sign-in pages). */
export function HomeLink({ onDark = false, ...props }: { onDark?: boolean } & LinkProps) {
  return (
    <Link
      asChild
      textDecoration="none"
      borderRadius="md"
      _hover={{ textDecoration: 'none' }}
      _focusVisible={onDark ? { outline: '3px solid', outlineColor: 'sun.300', outlineOffset: '3px' } : undefined}
      {...props}
    >
      <RouterLink to="/">
        <Wordmark onDark={onDark} />
      </RouterLink>
    </Link>
  );
}
