import { Box, Link, Text, type BoxProps, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RouteHeading } from './route-heading';
import { Eyebrow } from './text-styles';

const TITLE_STYLE = { fontSize: { base: '3xl', md: '4xl' }, letterSpacing: '-0.02em' } as const;

/** A page's h1 (focused on navigation), with an optional eyebrow above and a description below. */
export function PageHeading({ title, eyebrow, description }: { title: string; eyebrow?: string; description: string }) {
  return (
    <>
      {eyebrow ? <Eyebrow color="sun.800">{eyebrow}</Eyebrow> : null}
      <RouteHeading {...TITLE_STYLE}>{title}</RouteHeading>
      <Text mt="2" color="text.muted" fontSize={{ base: 'md', md: 'lg' }}>
        {description}
      </Text>
    </>
  );
}

/** A row of pill-shaped links (the admin screens, the profile's sections). */
export function PillNav({ label, children, ...props }: { label: string; children: ReactNode } & BoxProps) {
  return (
    <Box as="nav" aria-label={label} {...props}>
      <Box as="ul" listStyleType="none" display="flex" flexWrap="wrap" gap="2">
        {children}
      </Box>
    </Box>
  );
}

const PILL = {
  display: 'inline-block',
  px: '3',
  py: '1',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'ink.200',
  bg: 'surface',
  fontSize: 'sm',
  fontWeight: '600',
  color: 'brand.800',
  textDecoration: 'none',
  _hover: { bg: 'brand.50', textDecoration: 'none' },
  css: {
    '&[aria-current=page]': {
      background: 'var(--chakra-colors-brand-800)',
      color: 'white',
      borderColor: 'var(--chakra-colors-brand-800)',
    },
  },
} as const;

/** One pill of a PillNav; the current page (aria-current) is filled. */
export function PillLink(props: LinkProps) {
  return (
    <li>
      <Link {...PILL} {...props} />
    </li>
  );
}
