import { Box, Container, HStack, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useRouteFocus } from '../../../lib/use-route-focus';
import { BackLink } from '../../../components/ui/back-link';
import { OfflineCoachNote } from './offline-coach-note';

/** Page layout for the coach screens: a way back, the h1, an optional description and actions. */
export function PageFrame({
  title,
  description,
  back,
  actions,
  maxW = '3xl',
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  maxW?: string;
  children: ReactNode;
}) {
  const headingRef = useRouteFocus();
  return (
    <Container maxW={maxW} py={{ base: '5', md: '8' }}>
      {back ? <BackLink to={back.to} label={back.label} /> : null}
      <HStack justify="space-between" align="flex-start" gap="4" flexWrap="wrap" mb={{ base: '5', md: '6' }}>
        <Box minW="0" flex="1 1 16rem">
          <Heading
            as="h1"
            ref={headingRef}
            tabIndex={-1}
            _focus={{ outline: 'none' }}
            fontSize={{ base: '2xl', md: '3xl' }}
            letterSpacing="-0.02em"
            color="heading"
            lineHeight="1.2"
          >
            {title}
          </Heading>
          {description ? (
            <Text mt="1.5" color="text.muted" fontSize={{ base: 'md', md: 'lg' }}>
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
      <OfflineCoachNote />
      {children}
    </Container>
  );
}
