import { Box } from '@chakra-ui/react';
import { ShieldIcon } from '#components/ui/icons';
import { StatusPage } from '#components/ui/status-page';
import { useDocumentTitle } from '#lib/use-document-title';

/** The 403 screen of the admin-only routes, for a signed-in user without the admin role. */
export function ForbiddenPage() {
  useDocumentTitle('No tienes permiso');
  return (
    <StatusPage
      headingId="titulo-403"
      title="No tienes permiso"
      art={
        <Box aria-hidden="true" bg="sun.100" color="sun.800" borderRadius="full" p="4">
          <ShieldIcon boxSize="10" />
        </Box>
      }
    >
      Esta sección es solo para las personas que administran Ascenso. Con tu cuenta puedes seguir usando todo lo demás: tu plan, tu coach y tus actividades.
    </StatusPage>
  );
}
