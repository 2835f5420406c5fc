import { Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Glow } from '#components/ui/glow';
import { HomeLink } from '#components/ui/home-link';
import { CircleCheckIcon } from '#components/ui/icons';
import { SurfaceCard } from '#components/ui/page-frame';
import { SkipLink } from '#components/ui/skip-link';
import { IconList } from '#components/ui/text-styles';

const REASONS = ['Evaluación de 5 minutos', 'Un plan diario adaptado a tu perfil', 'Coaching, respiración, audio y movimiento en un solo lugar'];

/** The one way on from a screen where a flow ends: a link to another page, or a button that tries again. */
export type AccessAction = { label: string } & ({ to: string } | { onClick: () => void });

/**
 * The frame of the access screens (`/acceso`, `/restablecer…`): the brand panel on wide screens, and a
 * heading, a description and a card with `children`; `after` goes below the card. Where a flow ends (done,
 * a link that no longer works, a failure), `children` says what happened and `action` is the card's one
 * large button, below it.
 */
export function AccessFrame({
  title,
  description,
  children,
  after,
  action,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  after?: ReactNode;
  action?: AccessAction;
}) {
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

          <SurfaceCard p={{ base: '5', sm: '7' }}>
            {action ? (
              <Stack gap="5">
                {children}
                <ActionButton action={action} />
              </Stack>
            ) : (
              children
            )}
          </SurfaceCard>

          {after}

          <AccessAside mt="8" to="/" label="Volver al inicio" />
        </Box>
      </Flex>
    </Flex>
  );
}

/** A line under the access card: an optional question, then the link that answers it. */
export function AccessAside({ text, to, label, mt = '5' }: { text?: string; to: string; label: string; mt?: string }) {
  return (
    <Text mt={mt} fontSize="sm" color="text.muted" textAlign="center">
      {text ? <>{text} </> : null}
      <Link asChild color="brand.700" fontWeight="600">
        <RouterLink to={to}>{label}</RouterLink>
      </Link>
    </Text>
  );
}

function ActionButton({ action }: { action: AccessAction }) {
  return 'to' in action ? (
    <Button asChild colorPalette="brand" size="lg" borderRadius="full">
      <RouterLink to={action.to}>{action.label}</RouterLink>
    </Button>
  ) : (
    <Button colorPalette="brand" size="lg" borderRadius="full" onClick={action.onClick}>
      {action.label}
    </Button>
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
