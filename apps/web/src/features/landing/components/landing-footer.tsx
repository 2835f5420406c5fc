import { Box, Container, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Wordmark } from '#components/ui/wordmark';
import { LOGIN_URL } from '../utils/login-urls';

const YEAR = new Date().getFullYear();

export function LandingFooter() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.soft" py="10">
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="6">
          <Stack gap="3" maxW="md">
            <Wordmark />
            <Text fontSize="sm" color="text.muted">
              Coaching y bienestar para profesionales. Ascenso no sustituye la atención médica ni psicológica profesional.
            </Text>
          </Stack>
          <Stack gap="2" fontSize="sm" align={{ base: 'flex-start', md: 'flex-end' }}>
            <Link href={LOGIN_URL} color="brand.700" fontWeight="600">
              Iniciar sesión
            </Link>
            <Text color="text.muted">© {YEAR} Ascenso</Text>
          </Stack>
        </Flex>
      </Container>
    </Box>
  );
}
