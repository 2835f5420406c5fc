import { Box, Container, HStack, Link } from '@chakra-ui/react';
import { HomeLink } from '#components/ui/home-link';
import { LOGIN_URL } from '../utils/login-urls';
import { CtaLink } from './cta-link';

/** Transparent header over the hero: wordmark, "Iniciar sesión" and "Empieza gratis" (both real links). */
export function LandingHeader() {
  return (
    <Box as="header" position="absolute" top="0" insetX="0" zIndex="docked">
      <Container maxW="6xl" h={{ base: '16', md: '20' }} display="flex" alignItems="center" justifyContent="space-between">
        <HomeLink onDark />
        <HStack as="nav" aria-label="Acceso" gap={{ base: '1', sm: '3' }}>
          <Link
            href={LOGIN_URL}
            color="white"
            fontWeight="600"
            px="3"
            py="2"
            borderRadius="full"
            _hover={{ bg: 'whiteAlpha.200', textDecoration: 'none' }}
            _focusVisible={{ outline: '3px solid', outlineColor: 'sun.300', outlineOffset: '2px' }}
          >
            Iniciar sesión
          </Link>
          <CtaLink tone="sun" size="sm" signUp display={{ base: 'none', sm: 'inline-flex' }}>
            Empieza gratis
          </CtaLink>
        </HStack>
      </Container>
    </Box>
  );
}
