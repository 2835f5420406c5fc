import { Box, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { ArrowRightIcon, ShieldIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ButtonLink } from '../../../components/ui/button-link';

/** The 403 screen of the admin-only routes, for a signed-in user without the admin role. */
export function ForbiddenPage() {
  useDocumentTitle('No tienes permiso');
  return (
    <Center as="section" aria-labelledby="titulo-403" minH={{ base: '70dvh', md: '75dvh' }} px="6" py="16">
      <VStack gap="6" maxW="lg" textAlign="center">
        <Box aria-hidden="true" bg="sun.100" color="sun.800" borderRadius="full" p="4">
          <ShieldIcon boxSize="10" />
        </Box>
        <Heading as="h1" id="titulo-403" size={{ base: '2xl', md: '3xl' }} color="heading" letterSpacing="-0.02em">
          No tienes permiso
        </Heading>
        <Text color="text.muted" fontSize="lg">
          Esta sección es solo para las personas que administran Ascenso. Con tu cuenta puedes seguir usando todo lo demás: tu plan, tu coach y tus actividades.
        </Text>
        <ButtonLink to="/" colorPalette="brand" size="lg">
          Volver al inicio
          <ArrowRightIcon />
        </ButtonLink>
      </VStack>
    </Center>
  );
}
