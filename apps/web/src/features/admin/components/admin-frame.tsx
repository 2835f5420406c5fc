import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRouteFocus } from '../../../lib/use-route-focus';

const ADMIN_LINKS = [
  { to: '/admin', label: 'Panel' },
  { to: '/admin/steps', label: 'Pasos y catálogo' },
  { to: '/email-test', label: 'Correo de prueba' },
  { to: '/ai-email-test', label: 'Correo del coach' },
] as const;

/** Layout of the admin screens: an "Administración" nav (current page marked) and the page heading. */
export function AdminFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Administración`);
  const headingRef = useRouteFocus();
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Box>
          <Box as="nav" aria-label="Administración" mb="5">
            <Box as="ul" listStyleType="none" display="flex" flexWrap="wrap" gap="2">
              {ADMIN_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    asChild
                    display="inline-block"
                    px="3"
                    py="1.5"
                    borderRadius="full"
                    borderWidth="1px"
                    borderColor="ink.200"
                    bg="surface"
                    fontSize="sm"
                    fontWeight="600"
                    color="ink.800"
                    textDecoration="none"
                    _hover={{ bg: 'brand.50', textDecoration: 'none' }}
                    css={{
                      '&[aria-current=page]': {
                        background: 'var(--chakra-colors-brand-800)',
                        color: 'white',
                        borderColor: 'var(--chakra-colors-brand-800)',
                      },
                    }}
                  >
                    <NavLink to={link.to} end>
                      {link.label}
                    </NavLink>
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
          <Text fontSize="sm" fontWeight="700" color="sun.800" textTransform="uppercase" letterSpacing="0.08em">
            Administración
          </Text>
          <Heading
            as="h1"
            ref={headingRef}
            tabIndex={-1}
            _focus={{ outline: 'none' }}
            fontSize={{ base: '3xl', md: '4xl' }}
            letterSpacing="-0.02em"
            color="heading"
          >
            {title}
          </Heading>
          <Text mt="2" color="text.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {description}
          </Text>
        </Box>
        {children}
      </Stack>
    </Container>
  );
}

/** A white card section labelled by its h2. */
export function AdminCard({
  id,
  title,
  description,
  children,
  actions,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="surface"
      borderRadius="card"
      borderWidth="1px"
      borderColor="border.soft"
      boxShadow="card"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <Box display="flex" justifyContent="space-between" alignItems="flex-start" gap="3" flexWrap="wrap" mb="4">
        <Box>
          <Heading as="h2" id={id} fontSize="lg" color="heading" tabIndex={-1} _focus={{ outline: 'none' }}>
            {title}
          </Heading>
          {description ? (
            <Text color="text.muted" fontSize="sm" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
