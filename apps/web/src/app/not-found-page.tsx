import { Box, Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowRightIcon } from '../components/ui/icons';
import { useDocumentTitle } from '../lib/use-document-title';

const TITLE = '404 Page Not Found';

/** Any unmatched path (spec §2). Title and heading are exactly "404 Page Not Found". */
export function NotFoundPage() {
  useDocumentTitle(TITLE, { exact: true });
  return (
    <Center as="section" aria-labelledby="titulo-404" minH={{ base: '70dvh', md: '75dvh' }} px="6" py="16">
      <VStack gap="6" maxW="lg" textAlign="center">
        <Box aria-hidden="true">
          <svg width="132" height="80" viewBox="0 0 132 80" fill="none" focusable="false">
            <circle cx="96" cy="20" r="11" fill="#f8bb76" />
            <path d="M4 76 44 26l22 26 14-14 48 38z" fill="#a9e2d6" />
            <path d="M30 76 66 44l14 12 12-8 34 28z" fill="#43ad9d" />
          </svg>
        </Box>
        <Heading as="h1" id="titulo-404" size={{ base: '2xl', md: '3xl' }} color="heading" letterSpacing="-0.02em">
          {TITLE}
        </Heading>
        <Text color="text.muted" fontSize="lg">
          No encontramos esta página. Puede que la dirección esté mal escrita o que la página ya no exista.
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
