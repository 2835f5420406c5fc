import { Box, Container, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RouteHeading } from './route-heading';
import { BackLink } from './back-link';
import { CARD_SURFACE } from './card-surface';

/**
 * Layout of a signed-in screen (coach, wellbeing, journal): an optional way back, the h1, a description,
 * actions, an optional notice (the coach screens' offline note), then the content.
 */
export function PageFrame({
  title,
  eyebrow,
  description,
  back,
  actions,
  notice,
  maxW = '5xl',
  children,
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  notice?: ReactNode;
  maxW?: string;
  children: ReactNode;
}) {
  return (
    <Container maxW={maxW} py={{ base: '5', md: '8' }}>
      {back ? <BackLink to={back.to} label={back.label} /> : null}
      <HStack justify="space-between" align="flex-end" gap="4" flexWrap="wrap" mb={{ base: '5', md: '7' }}>
        <Box minW="0" flex="1 1 18rem">
          {eyebrow ? (
            <Text fontSize="sm" fontWeight="700" color="brand.700" textTransform="uppercase" letterSpacing="0.08em" mb="1.5">
              {eyebrow}
            </Text>
          ) : null}
          <RouteHeading fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em" lineHeight="1.15">
            {title}
          </RouteHeading>
          {description ? (
            <Text mt="2" color="text.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="2xl">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? (
          <HStack gap="2" flexWrap="wrap">
            {actions}
          </HStack>
        ) : null}
      </HStack>
      {notice}
      {children}
    </Container>
  );
}

/** A white rounded card (the app's surface). */
export function SurfaceCard({ children, ...props }: { children: ReactNode } & React.ComponentProps<typeof Box>) {
  return (
    <Box {...CARD_SURFACE} p={{ base: '5', md: '6' }} {...props}>
      {children}
    </Box>
  );
}
