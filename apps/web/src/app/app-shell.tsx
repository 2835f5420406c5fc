import { Box, Button, Circle, Container, HStack, Link, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink, useNavigate } from 'react-router';
import { LogOutIcon, ShieldIcon } from '../components/ui/icons';
import { LoadingScreen } from '../components/ui/loading-screen';
import { SkipLink } from '../components/ui/skip-link';
import { notify } from '../components/ui/notify';
import { Wordmark } from '../components/ui/wordmark';
import { useLogoutMutation } from '../features/auth/api/use-auth-mutations';
import { errorMessage } from '../lib/error-messages';
import { useMainFocusFallback } from '../lib/use-route-focus';
import type { SessionUser } from '../lib/session';

/**
 * Room kept free below every signed-in page, so that at the end of a page the floating step counter
 * (3.25rem tall, 1–1.5rem above the bottom edge, plus any sticky bar and the phone's home indicator)
 * sits below the last button rather than over it.
 */
const COUNTER_CLEARANCE = 'calc(6.5rem + var(--ascenso-bottom-bar, 0px) + env(safe-area-inset-bottom, 0px))';

/** Layout for signed-in screens: sticky header (wordmark, first name, "Cerrar sesión") + main. */
export function AppShell({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  const mainRef = useMainFocusFallback<HTMLDivElement>();

  const handleLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/', { replace: true }),
      onError: (error) => {
        notify({
          type: 'error',
          title: 'No hemos podido cerrar la sesión',
          description: errorMessage(error),
          closable: true,
        });
      },
    });
  };

  const initial = user.firstName.trim().charAt(0).toUpperCase() || 'A';

  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <SkipLink />
      <Box
        as="header"
        position="sticky"
        top="0"
        zIndex="sticky"
        bg="rgba(251, 250, 247, 0.88)"
        backdropFilter="saturate(180%) blur(12px)"
        borderBottomWidth="1px"
        borderColor="border.soft"
      >
        <Container maxW="6xl" h="16" display="flex" alignItems="center" justifyContent="space-between" gap="3">
          <Link asChild textDecoration="none" borderRadius="md" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/">
              <Wordmark />
            </RouterLink>
          </Link>
          <HStack gap={{ base: '2', sm: '4' }}>
            {user.role === 'admin' ? (
              // Discreet entry to the admin screens, for admins only.
              <Link
                asChild
                aria-label="Administración"
                display="inline-flex"
                alignItems="center"
                gap="1.5"
                fontSize="sm"
                fontWeight="600"
                color="ink.700"
                borderRadius="md"
                px={{ base: '0', md: '1' }}
                minH={{ base: '6', md: '8' }}
                minW={{ base: '6', md: '8' }}
                me={{ base: '-1', sm: '0' }}
                justifyContent="center"
                _hover={{ color: 'brand.800' }}
              >
                <RouterLink to="/admin">
                  <ShieldIcon boxSize="4" />
                  <Box as="span" display={{ base: 'none', md: 'inline' }}>
                    Administración
                  </Box>
                </RouterLink>
              </Link>
            ) : null}
            <HStack gap="2">
              <Circle size="8" bg="sun.100" color="sun.900" fontWeight="700" fontSize="sm" aria-hidden="true" display={{ base: 'none', sm: 'flex' }}>
                {initial}
              </Circle>
              <Text fontWeight="600" color="heading" maxW={{ base: '24', sm: '48' }} truncate>
                {user.firstName}
              </Text>
            </HStack>
            <Button variant="outline" size="sm" borderRadius="full" onClick={handleLogout} loading={logout.isPending} loadingText="Cerrando sesión...">
              <LogOutIcon display={{ base: 'none', sm: 'inline-block' }} />
              Cerrar sesión
            </Button>
          </HStack>
        </Container>
      </Box>
      {/* Bottom padding: the floating step counter never covers the end of a page. */}
      <Box as="main" ref={mainRef} id="contenido" tabIndex={-1} flex="1" pb={COUNTER_CLEARANCE} _focus={{ outline: 'none' }}>
        <Suspense fallback={<LoadingScreen minH="60dvh" />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
