import { Box, Flex, Heading, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { CircleCheckIcon } from '../../../components/ui/icons';
import { SkipLink } from '../../../components/ui/skip-link';
import { HomeLink } from '../../../components/ui/home-link';
import { SurfaceCard } from '../../../components/ui/page-frame';
import { IconList } from '../../../components/ui/text-styles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { Glow } from '../../../components/ui/glow';
import { WARM_BOX } from '../../../components/ui/warm-notice';

type AccessTab = 'login' | 'register';

/** `#crear-cuenta` (kept by the browser through the /api/login redirect) opens the sign-up tab. */
export const REGISTER_HASH = '#crear-cuenta';

const REASONS = ['Evaluación de 5 minutos', 'Un plan diario adaptado a tu perfil', 'Coaching, respiración, audio y movimiento en un solo lugar'];

const TABS: ReadonlyArray<{ value: AccessTab; label: string }> = [
  { value: 'login', label: 'Iniciar sesión' },
  { value: 'register', label: 'Crear cuenta' },
];

const TRIGGER_STYLE = {
  borderRadius: 'full',
  fontWeight: '600',
  color: 'ink.700',
  _selected: { bg: 'surface', color: 'brand.800', boxShadow: 'sm' },
} as const;

/** `/acceso`: sign in or create an account. */
export function SignInPage() {
  useDocumentTitle('Acceder');
  const location = useLocation();
  const [tab, setTab] = useState<AccessTab>(() => (location.hash === REGISTER_HASH ? 'register' : 'login'));

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
              {tab === 'login' ? 'Te damos la bienvenida' : 'Empieza tu ascenso'}
            </Heading>
            <Text color="text.muted" fontSize="md">
              {tab === 'login' ? 'Entra para seguir con tu plan de hoy.' : 'Crea tu cuenta gratis. Sin tarjeta y lista en un minuto.'}
            </Text>
          </Stack>

          <SurfaceCard p={{ base: '5', sm: '7' }}>
            <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value === 'register' ? 'register' : 'login')} variant="plain" fitted>
              <Tabs.List bg="ink.50" borderRadius="full" p="1" mb="6">
                {TABS.map(({ value, label }) => (
                  <Tabs.Trigger key={value} value={value} {...TRIGGER_STYLE}>
                    {label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="login" p="0">
                <LoginForm />
              </Tabs.Content>
              <Tabs.Content value="register" p="0">
                <RegisterForm />
              </Tabs.Content>
            </Tabs.Root>
          </SurfaceCard>

          {tab === 'login' ? <DemoHint /> : null}

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

/** Demo accounts are seeded outside production (contract: Demo accounts). */
function DemoHint() {
  return (
    <Box mt="5" px="4" py="3" borderRadius="lg" {...WARM_BOX}>
      <Text fontSize="sm" color="ink.800">
        ¿Solo quieres mirar? Usa{' '}
        <Text as="span" fontWeight="700">
          demo@ascenso.local
        </Text>{' '}
        /{' '}
        <Text as="span" fontWeight="700">
          Ascenso-demo-2026
        </Text>
      </Text>
    </Box>
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
