import { Box, Container, Flex, Text } from '@chakra-ui/react';
import { ArrowRightIcon } from '#components/ui/icons';
import { DisplayHeading } from '#components/ui/text-styles';
import { CtaLink } from './cta-link';
import { Glow } from '#components/ui/glow';

const BAND = {
  layout: { direction: { base: 'column', md: 'row' }, align: { base: 'flex-start', md: 'center' }, justify: 'space-between', gap: '8' },
  look: { position: 'relative', overflow: 'hidden', borderRadius: '3xl', bgGradient: 'to-r', gradientFrom: 'brand.900', gradientTo: 'brand.700' },
  padding: { px: { base: '7', md: '14' }, py: { base: '10', md: '14' } },
} as const;

export function LandingCtaBand() {
  return (
    <Box as="section" aria-labelledby="cta-titulo" py={{ base: '16', md: '24' }}>
      <Container maxW="6xl">
        <Flex {...BAND.layout} {...BAND.look} {...BAND.padding}>
          <Glow strength={0.22} right="-100px" top="-120px" boxSize="320px" />
          <Box position="relative" maxW="xl">
            <DisplayHeading as="h2" id="cta-titulo" color="white" fontSize={{ base: '2xl', md: '4xl' }}>
              Empieza hoy tu ascenso
            </DisplayHeading>
            <Text mt="3" color="hero.text" fontSize="lg">
              Configuración en 5 minutos. Sin tarjeta. Resultados inmediatos.
            </Text>
          </Box>
          <CtaLink tone="sun" size="xl" signUp position="relative" flexShrink={0}>
            Crear mi cuenta gratis
            <ArrowRightIcon />
          </CtaLink>
        </Flex>
      </Container>
    </Box>
  );
}
