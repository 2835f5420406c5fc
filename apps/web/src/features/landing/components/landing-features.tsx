import { Box, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FEATURES } from '../utils/content';
import { SectionIntro } from './section-intro';

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
            <Box
              as="li"
              key={title}
              bg="surface"
              borderRadius="card"
              borderWidth="1px"
              borderColor="border.soft"
              boxShadow="card"
              p={{ base: '5', sm: '6' }}
              display="flex"
              flexDirection={{ base: 'row', sm: 'column' }}
              gap={{ base: '4', sm: '0' }}
              alignItems="flex-start"
              transition="transform 200ms ease, box-shadow 200ms ease"
              _hover={{ _motionSafe: { transform: 'translateY(-3px)' }, boxShadow: 'raised' }}
            >
              <Flex
                boxSize="12"
                borderRadius="xl"
                align="center"
                justify="center"
                bg={index % 2 === 0 ? 'brand.50' : 'sun.50'}
                color={index % 2 === 0 ? 'brand.700' : 'sun.800'}
                mb={{ base: '0', sm: '5' }}
                flexShrink={0}
              >
                <FeatureIcon boxSize="6" />
              </Flex>
              <Box>
                <Heading as="h3" fontSize="lg" color="heading" mb="2" letterSpacing="-0.01em">
                  {title}
                </Heading>
                <Text color="text.muted" fontSize="md" lineHeight="1.6">
                  {description}
                </Text>
              </Box>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
