import { Box, Container, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SkipLink } from '#components/ui/skip-link';
import { Wordmark } from '#components/ui/wordmark';

/** Minimal frame (wordmark + main) for visitor pages that have no layout of their own, e.g. the 404. */
export function VisitorFrame({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh">
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" borderColor="border.soft" bg="surface">
        <Container maxW="6xl" h="16" display="flex" alignItems="center">
          <Link asChild textDecoration="none" borderRadius="md" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/">
              <Wordmark />
            </RouterLink>
          </Link>
        </Container>
      </Box>
      <Box as="main" id="contenido" tabIndex={-1} _focus={{ outline: 'none' }}>
        {children}
      </Box>
    </Box>
  );
}
