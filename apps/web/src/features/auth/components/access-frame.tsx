import { Box, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Glow } from '#components/ui/glow';
import { HomeLink } from '#components/ui/home-link';
import { CircleCheckIcon } from '#components/ui/icons';
import { SurfaceCard } from '#components/ui/page-frame';
import { SkipLink } from '#components/ui/skip-link';
import { IconList } from '#components/ui/text-styles';

const REASONS = ['Evaluación de 5 minutos', 'Un plan diario adaptado a tu perfil', 'Coaching, respiración, audio y movimiento en un solo lugar'];

/**
 * The frame of the access screens (`/acceso`, `/restablecer…`): the brand panel on wide screens, and a
 * heading, a description and a card with `children`; `after` goes below the card.
 */
export function AccessFrame({ title, description, children, after }: { title: string; description: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <Flex minH="100dvh" direction={{ base: 'column', lg: 'row' }}>
      <SkipLink />
      <BrandPanel />
      <Flex
        as="main"
        id="contenido"
        tabIndex={-1}
        _focus={{ outline: 'none' }}
        flex="1"
        align={{ base: 'flex-start', md: 'center' }}
        justify="center"
        px={{ base: '5', sm: '8' }}
        py={{ base: '8', md: '12' }}
      >
        <Box w="full" maxW="md">
          <HomeLink display={{ base: 'inline-flex', lg: 'none' }} mb="8" />

          <Stack gap="2" mb="7">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="heading" letterSpacing="-0.02em">
              {title}
            </Heading>
            <Text color="text.muted" fontSize="md">
              {description}
            </Text>
          </Stack>

          <SurfaceCard p={{ base: '5', sm: '7' }}>{children}</SurfaceCard>

          {after}

          <Text mt="8" fontSize="sm" color="text.muted" textAlign="center">
            <Link asChild color="brand.700" fontWeight="600">
              <RouterLink to="/">Volver al inicio</RouterLink>
            </Link>
          </Text>
        </Box>
      </Flex>
    </Flex>
  );
}

function BrandPanel() {
  return (
    <Box
      as="aside"
      aria-label="Sobre Ascenso"
      display={{ base: 'none', lg: 'flex' }}
      flexDirection="column"
      justifyContent="space-between"
      w={{ lg: '42%', xl: '40%' }}
      position="relative"
      overflow="hidden"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientTo="#123a48"
      color="hero.text"
      px="12"
      py="10"
    >
      <HomeLink onDark alignSelf="flex-start" />

      <Stack gap="6" position="relative" zIndex="1" maxW="md">
        <Heading as="p" fontSize="4xl" lineHeight="1.15" fontWeight="700" color="white" letterSpacing="-0.02em">
          Un coach que te conoce, cada día un poco mejor.
        </Heading>
        <IconList items={REASONS} icon={CircleCheckIcon} gap="3" itemProps={{ gap: '3', fontSize: 'lg' }} />
      </Stack>

      <Text fontSize="sm" color="hero.muted" position="relative" zIndex="1">
        Ascenso no sustituye la atención médica ni psicológica profesional.
      </Text>

      <Box position="absolute" insetX="0" bottom="0" aria-hidden="true" pointerEvents="none" opacity="0.9">
        <svg viewBox="0 0 600 220" width="100%" preserveAspectRatio="none" focusable="false">
          <path d="M0 220V150l90-60 70 45 110-95 90 70 80-50 160 110v50z" fill="#174a4a" />
          <path d="M0 220v-40l120-55 90 40 120-70 110 60 160-45v110z" fill="#1b5e58" opacity="0.7" />
        </svg>
      </Box>
      <Glow strength={0.55} fade={70} top="14%" right="10%" boxSize="200px" />
    </Box>
  );
}
