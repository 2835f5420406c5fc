import { Box, Circle, Container, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRightIcon } from '#components/ui/icons';
import { BENEFITS, HOW_IT_WORKS } from '../utils/content';
import { CtaLink } from './cta-link';
import { IconCard } from './icon-card';
import { SectionIntro } from './section-intro';

const BENEFIT_CARD = {
  direction: { base: 'row', sm: 'column' },
  gap: '4',
  bg: 'canvas',
  borderRadius: 'card',
  p: { base: '5', sm: '6' },
  borderWidth: '1px',
  borderColor: 'border.soft',
} as const;

export function LandingBenefits() {
  return (
    <Box as="section" aria-labelledby="beneficios-titulo" bg="surface" py={{ base: '16', md: '24' }}>
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '12', lg: '20' }} alignItems="start">
          <Stack gap="6">
            <SectionIntro
              id="beneficios-titulo"
              eyebrow="Hecho para ti"
              title="Un acompañamiento que empieza por conocerte"
              lead="Antes de aconsejarte, tu coach te escucha. A partir de ahí, cada recomendación tiene en cuenta quién eres y hacia dónde quieres ir."
            />
            <Box as="ol" listStyleType="none" mt="2">
              {HOW_IT_WORKS.map((step, index) => (
                <Flex as="li" key={step.title} gap="4" pb={index < HOW_IT_WORKS.length - 1 ? '6' : '0'}>
                  <Circle size="10" bg="brand.700" color="white" fontWeight="700" flexShrink={0} aria-hidden="true">
                    {index + 1}
                  </Circle>
                  <Box pt="1.5">
                    <Text fontWeight="700" color="heading">
                      <Box as="span" srOnly>
                        Paso {index + 1}:{' '}
                      </Box>
                      {step.title}
                    </Text>
                    <Text color="text.muted">{step.description}</Text>
                  </Box>
                </Flex>
              ))}
            </Box>
            <Box pt="2">
              <CtaLink tone="brand" size="lg" signUp>
                Empieza gratis
                <ArrowRightIcon />
              </CtaLink>
            </Box>
          </Stack>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2 }} gap="5">
            {BENEFITS.map(({ title, description, icon: BenefitIcon }) => (
              <IconCard
                key={title}
                title={title}
                description={description}
                icon={
                  <Circle size="11" bg="brand.700" color="white" flexShrink={0}>
                    <BenefitIcon boxSize="5" />
                  </Circle>
                }
                {...BENEFIT_CARD}
              />
            ))}
          </SimpleGrid>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
