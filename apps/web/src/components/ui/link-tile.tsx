import { Box, Link, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CARD_SURFACE } from './card-surface';

/**
 * A list item drawn as a raised card whose one link (a `TileLink` inside) covers the whole card:
 * one tab stop per card, the link text as its name. Any prop overrides the defaults.
 */
export function LinkTile({ children, ...props }: BoxProps) {
  return (
    <Box
      as="li"
      position="relative"
      {...CARD_SURFACE}
      p="5"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ boxShadow: 'raised', transform: 'translateY(-1px)' }}
      _focusWithin={{ boxShadow: 'raised' }}
      {...props}
    >
      {children}
    </Box>
  );
}

/** The link of a `LinkTile`: it keeps the heading's colour and stretches over the whole card. */
export function TileLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      asChild
      color="inherit"
      textDecoration="none"
      _hover={{ textDecoration: 'underline' }}
      css={{ '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'card' } }}
    >
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
