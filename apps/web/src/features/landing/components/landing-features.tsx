import { Box, Center, Container, SimpleGrid, Stack } from '@chakra-ui/react';
import { CARD_SURFACE } from '#components/ui/card-surface';
import { FEATURES } from '../utils/content';
import { IconCard } from './icon-card';
import { SectionIntro } from './section-intro';

const FEATURE_CARD = {
  ...CARD_SURFACE,
  p: { base: '5', sm: '6' },
  direction: { base: 'row', sm: 'column' },
  gap: { base: '4', sm: '0' },
  alignItems: 'flex-start',
  transition: 'transform 200ms ease, box-shadow 200ms ease',
  _hover: { _motionSafe: { transform: 'translateY(-3px)' }, boxShadow: 'raised' },
} as const;
const BRAND_TILE = { bg: 'brand.50', color: 'brand.700' } as const;
const SUN_TILE = { bg: 'sun.50', color: 'sun.800' } as const;

export function LandingFeatures() {
  return (
    <Box as="section" aria-labelledby="funciones-titulo" py={{ base: '16', md: '24' }}>
      <Container maxW="6xl">
        <Stack gap="4" maxW="2xl" mb={{ base: '10', md: '14' }}>
          <SectionIntro
            id="funciones-titulo"
            eyebrow="Todo en un solo lugar"
            title="Lo que necesitas para crecer sin descuidarte"
            lead="Tu carrera y tu bienestar van de la mano. Ascenso reúne coaching y prácticas breves que caben en tu día."
          />
        </Stack>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: '4', md: '5' }}>
          {FEATURES.map(({ title, description, icon: FeatureIcon }, index) => (
            <IconCard
              key={title}
              title={title}
              description={description}
              descriptionProps={{ fontSize: 'md', lineHeight: '1.6' }}
              icon={
                <Center boxSize="12" borderRadius="xl" mb={{ base: '0', sm: '5' }} flexShrink={0} {...(index % 2 === 0 ? BRAND_TILE : SUN_TILE)}>
                  <FeatureIcon boxSize="6" />
                </Center>
              }
              {...FEATURE_CARD}
            />
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
