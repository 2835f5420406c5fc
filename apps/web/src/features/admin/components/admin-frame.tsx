import { Box, Container, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { PageHeading, PillLink, PillNav } from '#components/ui/page-heading';
import { SectionCard, type SectionCardProps } from '#components/ui/section-card';
import { useDocumentTitle } from '#lib/use-document-title';

const ADMIN_LINKS = [
  { to: '/admin', label: 'Panel' },
  { to: '/admin/steps', label: 'Pasos y catálogo' },
  { to: '/email-test', label: 'Correo de prueba' },
  { to: '/ai-email-test', label: 'Correo del coach' },
] as const;

/** Layout of the admin screens: an "Administración" nav (current page marked) and the page heading. */
export function AdminFrame({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Administración`);
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Box>
          <PillNav label="Administración" mb="5">
            {ADMIN_LINKS.map((link) => (
              <PillLink key={link.to} asChild py="1.5" color="ink.800">
                <NavLink to={link.to} end>
                  {link.label}
                </NavLink>
              </PillLink>
            ))}
          </PillNav>
          <PageHeading eyebrow="Administración" title={title} description={description} />
        </Box>
        {children}
      </Stack>
    </Container>
  );
}

/** A white card section labelled by its h2. */
export function AdminCard(props: SectionCardProps) {
  return <SectionCard p={{ base: '4', md: '6' }} minW="0" {...props} />;
}
