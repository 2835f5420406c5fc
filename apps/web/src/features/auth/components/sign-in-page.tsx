import { Box, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '#lib/use-document-title';
import { WARM_BOX } from '#components/ui/warm-notice';
import { AccessFrame } from './access-frame';
import { LoginForm } from './login-form';
import { PasswordResetPage } from './password-reset-page';
import { PasswordResetRequestPage } from './password-reset-request-page';
import { RegisterForm } from './register-form';

type AccessTab = 'login' | 'register';

/** `#crear-cuenta` (kept by the browser through the /api/login redirect) opens the sign-up tab. */
export const REGISTER_HASH = '#crear-cuenta';

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

/**
 * The access screens, one route component (one chunk): `/acceso` (sign in or create an account),
 * `/restablecer` («¿Has olvidado tu contraseña?») and `/restablecer/:token` (the reset link's page,
 * decision 034).
 */
export function SignInPage() {
  const { pathname } = useLocation();
  if (pathname === '/restablecer') return <PasswordResetRequestPage />;
  if (pathname.startsWith('/restablecer/')) return <PasswordResetPage />;
  return <SignInTabs />;
}

/** `/acceso`: sign in or create an account. */
function SignInTabs() {
  useDocumentTitle('Acceder');
  const location = useLocation();
  const [tab, setTab] = useState<AccessTab>(() => (location.hash === REGISTER_HASH ? 'register' : 'login'));

  return (
    <AccessFrame
      title={tab === 'login' ? 'Te damos la bienvenida' : 'Empieza tu ascenso'}
      description={tab === 'login' ? 'Entra para seguir con tu plan de hoy.' : 'Crea tu cuenta gratis. Sin tarjeta y lista en un minuto.'}
      after={tab === 'login' ? <DemoHint /> : null}
    >
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
    </AccessFrame>
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
