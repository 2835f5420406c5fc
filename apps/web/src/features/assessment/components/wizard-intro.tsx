import { ASSESSMENT_SECTIONS, SECTION_COUNT } from '@ascenso/domain/assessment';
import { Box, Button, Container, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRightIcon, ClipboardIcon, ShieldIcon, TimerIcon } from '#components/ui/icons';
import { GradientPanel } from '#components/ui/gradient-panel';
import { Eyebrow } from '#components/ui/text-styles';

/** Intro page (spec §2): title, 9 dimensions, "Solo 5 Minutos", automatic saving, "Comenzar Evaluación". */
export function WizardIntro({ onStart }: { onStart: () => void }) {
  return (
    <Container maxW="4xl" py={{ base: '6', md: '12' }}>
      <GradientPanel as="section" aria-labelledby="titulo-evaluacion" gradientVia="#f4f8f3" px={{ base: '5', md: '12' }} py={{ base: '8', md: '12' }}>
        <Eyebrow fontWeight="600" mb="3">
          Antes de empezar
        </Eyebrow>
        <Heading as="h1" id="titulo-evaluacion" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.1" letterSpacing="-0.03em" color="heading">
          Evaluación Profesional Integral
        </Heading>
        <Text mt="4" fontSize={{ base: 'lg', md: 'xl' }} color="ink.700" maxW="2xl" lineHeight="1.5">
          Recorremos {SECTION_COUNT} dimensiones de tu vida profesional y personal para que tu coach te conozca y adapte cada conversación, cada plan y cada
          recomendación a ti.
        </Text>

        <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="3" mt="8" listStyleType="none">
          <Feature icon={<ClipboardIcon boxSize="6" />} title={`${SECTION_COUNT} dimensiones`}>
            Trabajo, vida personal, objetivos, energía, fortalezas y más.
          </Feature>
          <Feature icon={<TimerIcon boxSize="6" />} title="Solo 5 Minutos">
            Preguntas cortas, casi todas de elegir opciones.
          </Feature>
          <Feature icon={<ShieldIcon boxSize="6" />} title="Se guarda solo">
            Tu progreso se guarda automáticamente: puedes dejarlo y retomarlo cuando quieras.
          </Feature>
        </SimpleGrid>

        <Button onClick={onStart} colorPalette="brand" size="xl" borderRadius="full" mt="10" w={{ base: 'full', sm: 'auto' }}>
          Comenzar Evaluación
          <ArrowRightIcon />
        </Button>
      </GradientPanel>

      <Box as="section" aria-labelledby="dimensiones" mt={{ base: '8', md: '10' }} px={{ base: '1', md: '2' }}>
        <Heading as="h2" id="dimensiones" fontSize="xl" color="heading" mb="4">
          Las {SECTION_COUNT} dimensiones
        </Heading>
        <List.Root as="ol" display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }} gap="3" listStyle="none">
          {ASSESSMENT_SECTIONS.map((section) => (
            <List.Item
              key={section.number}
              display="flex"
              gap="3"
              alignItems="flex-start"
              bg="surface"
              borderWidth="1px"
              borderColor="border.soft"
              borderRadius="xl"
              px="4"
              py="3"
            >
              <Box
                as="span"
                flexShrink={0}
                boxSize="7"
                borderRadius="full"
                bg="brand.100"
                color="brand.800"
                fontWeight="700"
                fontSize="sm"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                aria-hidden="true"
              >
                {section.number}
              </Box>
              <Stack gap="0">
                <Text fontWeight="600" color="heading">
                  {section.title}
                </Text>
                <Text fontSize="sm" color="text.muted">
                  {section.intro}
                </Text>
              </Stack>
            </List.Item>
          ))}
        </List.Root>
        <Text mt="5" fontSize="sm" color="text.muted">
          Todas las preguntas son obligatorias, salvo las de energía (dimensión 6).
        </Text>
      </Box>
    </Container>
  );
}

function Feature({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <Box as="li" bg="surface" borderRadius="xl" borderWidth="1px" borderColor="border.soft" px="4" py="4">
      <Box color="brand.700" mb="2" aria-hidden="true" display="flex">
        {icon}
      </Box>
      <Text fontWeight="700" color="heading">
        {title}
      </Text>
      <Text fontSize="sm" color="text.muted" mt="1">
        {children}
      </Text>
    </Box>
  );
}
