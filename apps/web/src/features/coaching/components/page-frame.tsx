import { Box, Container, HStack, Heading, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRouteFocus } from '../../../lib/use-route-focus';
import { ArrowLeftIcon } from '../../../components/ui/icons';

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
      {back ? (
        <Link
          asChild
          display="inline-flex"
          alignItems="center"
          gap="1.5"
          color="brand.700"
          fontWeight="600"
          fontSize="sm"
          mb="3"
          borderRadius="md"
        >
          <RouterLink to={back.to}>
            <ArrowLeftIcon boxSize="4" aria-hidden="true" />
            {back.label}
          </RouterLink>
        </Link>
      ) : null}
      <HStack justify="space-between" align="flex-start" gap="4" flexWrap="wrap" mb={{ base: '5', md: '6' }}>
        <Box minW="0" flex="1 1 16rem">
          <Heading as="h1" ref={headingRef} tabIndex={-1} _focus={{ outline: 'none' }} fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" color="heading" lineHeight="1.2">
            {title}
          </Heading>
          {description ? (
            <Text mt="1.5" color="text.muted" fontSize={{ base: 'md', md: 'lg' }}>
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? <HStack gap="2" flexWrap="wrap">{actions}</HStack> : null}
      </HStack>
      {children}
    </Container>
  );
}
