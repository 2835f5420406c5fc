import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArrowRightIcon } from './icons';

/**
 * A whole-screen message where a page cannot be shown (404, 403): a picture, the h1 (its id labels
 * the section), what happened, and "Volver al inicio".
 */
export function StatusPage({ headingId, art, title, children }: { headingId: string; art: ReactNode; title: string; children: ReactNode }) {
  return (
    <Center as="section" aria-labelledby={headingId} minH={{ base: '70dvh', md: '75dvh' }} px="6" py="16">
      <VStack gap="6" maxW="lg" textAlign="center">
        {art}
        <Heading as="h1" id={headingId} size={{ base: '2xl', md: '3xl' }} color="heading" letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="text.muted" fontSize="lg">
          {children}
        </Text>
        <Button asChild type={undefined} colorPalette="brand" size="lg" borderRadius="full">
          <RouterLink to="/">
            Volver al inicio
            <ArrowRightIcon />
          </RouterLink>
        </Button>
      </VStack>
    </Center>
  );
}
