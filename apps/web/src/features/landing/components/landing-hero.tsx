import { Badge, Box, Container, Flex, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRightIcon, CheckIcon, FootprintsIcon, SparklesIcon } from '#components/ui/icons';
import { IconList } from '#components/ui/text-styles';
import { CLAIMS } from '../utils/content';
import { CtaLink } from './cta-link';
import { Glow } from '#components/ui/glow';

/** The hero's look, one line per part (the markup below stays readable). */
const STYLES = {
  section: { position: 'relative', overflow: 'hidden', color: 'hero.text', pt: { base: '28', md: '36' }, pb: { base: '24', md: '36' } },
  gradient: { bgGradient: 'to-br', gradientFrom: 'brand.950', gradientVia: '#0f3440', gradientTo: '#163a52' },
  badge: { alignSelf: 'flex-start', bg: 'whiteAlpha.200', color: 'sun.100', borderRadius: 'full', px: '3', py: '1', fontSize: 'sm', fontWeight: '600' },
  claims: { display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, max-content)' }, columnGap: '8', rowGap: '2.5', pt: '2' },
  preview: { bg: 'rgba(255,255,255,0.97)', color: 'ink.900', borderRadius: '2xl', boxShadow: '0 30px 60px -20px rgba(0,0,0,0.45)', p: '6' },
  pillPlace: { position: 'absolute', bottom: { base: '-6', md: '-8' }, right: { base: '2', md: '-4' } },
  pill: { bg: 'sun.300', color: 'brand.950', borderRadius: 'full', px: '4', py: '2.5', gap: '2', fontWeight: '700' },
} as const;

export function LandingHero() {
  return (
    <Box as="section" aria-labelledby="hero-titulo" {...STYLES.section} {...STYLES.gradient}>
      <HeroBackdrop />
      <Container maxW="6xl" position="relative" zIndex="1">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '14', lg: '16' }} alignItems="center">
          {/* No entrance animation: the hero arrives prerendered with the HTML (src/prerender/landing.tsx)
              and is replaced by the client's identical render; a fade-in would hide it at first and
              play again at that replacement. */}
          <Stack gap={{ base: '6', md: '7' }}>
            <Badge {...STYLES.badge} textTransform="none" gap="2">
              <SparklesIcon boxSize="4" />
              Coaching profesional y bienestar
            </Badge>
            <Heading
              as="h1"
              id="hero-titulo"
              color="white"
              fontSize={{ base: '4xl', sm: '5xl', md: '6xl' }}
              lineHeight="1.05"
              letterSpacing="-0.035em"
              fontWeight="800"
            >
              Tu coach con IA que{' '}
              <Box as="span" color="sun.300">
                te conoce de verdad
              </Box>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="hero.muted" maxW="xl" lineHeight="1.6">
              Ascenso parte de una evaluación profesional de nueve dimensiones para acompañarte cada día: conversaciones de coaching, audio guiado, respiración
              y movimiento, todo adaptado a tu momento.
            </Text>
            <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
              <CtaLink tone="sun" size="xl" signUp>
                Empieza gratis
                <ArrowRightIcon />
              </CtaLink>
              <CtaLink tone="onDark" size="xl">
                Iniciar sesión
              </CtaLink>
            </Flex>
            <IconList
              items={CLAIMS}
              icon={CheckIcon}
              label="Lo que te llevas desde el primer día"
              itemProps={{ gap: '2.5', fontWeight: '500' }}
              {...STYLES.claims}
            />
          </Stack>
          <ProductPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** An illustration of the app (coach message, today's plan, steps). Decorative: hidden from assistive tech. */
function ProductPreview() {
  return (
    <Box aria-hidden="true" position="relative" maxW={{ base: 'md', lg: 'lg' }} mx={{ base: 'auto', lg: '0' }} w="full" display={{ base: 'none', sm: 'block' }}>
      <Box {...STYLES.preview} transform={{ lg: 'rotate(-1.5deg)' }}>
        <HStack gap="3" mb="4">
          <Flex boxSize="9" borderRadius="full" bg="brand.700" color="white" align="center" justify="center">
            <SparklesIcon boxSize="5" />
          </Flex>
          <Box>
            <Text fontWeight="700" fontSize="sm" color="heading">
              Tu coach
            </Text>
            <Text fontSize="xs" color="ink.600">
              Hoy, 8:30
            </Text>
          </Box>
        </HStack>
        <Box bg="brand.50" borderRadius="xl" borderTopLeftRadius="sm" px="4" py="3" fontSize="sm" color="ink.900">
          Ayer me contaste que las reuniones de la mañana te dejan sin energía. ¿Probamos a reservar 30 minutos de foco antes de la primera?
        </Box>
        <Box mt="5" borderWidth="1px" borderColor="ink.100" borderRadius="xl" p="4">
          <Text fontWeight="700" fontSize="sm" color="heading" mb="3">
            Tu plan de hoy sugerido
          </Text>
          <Stack gap="2.5" fontSize="sm">
            {[
              ['Respiración 4-7-8', '5 min'],
              ['Pausa activa de cuello y hombros', '3 min'],
              ['Journaling: ¿qué te dio energía?', '10 min'],
            ].map(([label, time]) => (
              <HStack key={label} justify="space-between" gap="3">
                <HStack gap="2.5">
                  <Box boxSize="2" borderRadius="full" bg="sun.400" flexShrink={0} />
                  <Text color="ink.800">{label}</Text>
                </HStack>
                <Text color="ink.600" flexShrink={0}>
                  {time}
                </Text>
              </HStack>
            ))}
          </Stack>
        </Box>
      </Box>
      <HStack {...STYLES.pillPlace} {...STYLES.pill} boxShadow="0 14px 30px -12px rgba(0,0,0,0.5)">
        <FootprintsIcon boxSize="5" />
        <Text>+85 pasos</Text>
      </HStack>
    </Box>
  );
}

function HeroBackdrop() {
  return (
    <>
      <Glow
        strength={0.35}
        top={{ base: '-120px', md: '-160px' }}
        right={{ base: '-140px', md: '-80px' }}
        boxSize={{ base: '360px', md: '520px' }}
        pointerEvents="none"
      />
      <Box position="absolute" insetX="0" bottom="-1px" aria-hidden="true" pointerEvents="none">
        <svg viewBox="0 0 1440 160" width="100%" height="120" preserveAspectRatio="none" focusable="false">
          <path d="M0 160V110l180-60 150 40 210-80 170 70 160-50 230 60 180-40 160 40v70z" fill="#174a4a" opacity="0.55" />
          <path d="M0 160v-30l220-45 190 35 240-55 200 50 210-35 380 50v30z" fill="#fbfaf7" />
        </svg>
      </Box>
    </>
  );
}
