import { Box, Button, Container, HStack, Link } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { aboveBottomBar } from '#components/ui/above-bottom-bar';
import { LogOutIcon, ShieldIcon } from '#components/ui/icons';
import { LoadingScreen } from '#components/ui/loading-screen';
import { SkipLink } from '#components/ui/skip-link';
import { Wordmark } from '#components/ui/wordmark';
import { EmailVerificationBanner } from '../features/auth/components/email-verification-banner';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { useMainFocusFallback } from '#lib/use-route-focus';
import type { SessionUser } from '#lib/session';
import { UserMenu } from './user-menu';
import { HeaderName, NameInitial } from './user-menu-button';

/**
 * Room kept free below every signed-in page, so that at the end of a page the floating step counter
 * (3.25rem tall, 1–1.5rem above the bottom edge, plus any sticky bar and the phone's home indicator)
 * sits below the last button rather than over it.
 */
const COUNTER_CLEARANCE = aboveBottomBar('6.5rem');

/**
 * Layout for signed-in screens: sticky header (wordmark, the first name, "Cerrar sesión") + main. With
 * `menu` (the full app, once the assessment is done) the name is the menu button of the person's own
 * screens (user-menu.tsx); while the assessment is pending every path shows it, so the name is just shown.
 */
export function AppShell({ user, menu = false }: { user: SessionUser; menu?: boolean }) {
  const { signOut, isPending: signingOut } = useSignOut();
  const mainRef = useMainFocusFallback<HTMLDivElement>();

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
            {/* The header fits a 320 px phone: there a member signs out from the menu, and while the
                assessment is pending (no menu) the name gives way to "Cerrar sesión". */}
            {menu ? (
              <UserMenu firstName={user.firstName} onSignOut={signOut} />
            ) : (
              <HStack gap="2" display={{ base: 'none', sm: 'flex' }}>
                <NameInitial firstName={user.firstName} />
                <HeaderName firstName={user.firstName} />
              </HStack>
            )}
            <Button
              variant="outline"
              size="sm"
              borderRadius="full"
              display={menu ? { base: 'none', sm: 'inline-flex' } : undefined}
              onClick={signOut}
              loading={signingOut}
              loadingText="Cerrando sesión..."
            >
              <LogOutIcon display={{ base: 'none', md: 'inline-block' }} />
              Cerrar sesión
            </Button>
          </HStack>
        </Container>
      </Box>
      {/* Until the address is confirmed (shares, the calendar feed and mails on the person's behalf wait for it). */}
      {user.emailVerified ? null : <EmailVerificationBanner email={user.email} />}
      {/* Bottom padding: the floating step counter never covers the end of a page. */}
      <Box as="main" ref={mainRef} id="contenido" tabIndex={-1} flex="1" pb={COUNTER_CLEARANCE} _focus={{ outline: 'none' }}>
        <Suspense fallback={<LoadingScreen minH="60dvh" />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
