import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../../lib/error-messages';
import { useMailAuditQuery } from '../api/email-api';
import { STATUS_LABELS, templateName } from '../utils/email-copy';
import { AdminCard } from './admin-frame';
import { InsetBox } from '../../../components/ui/section-card';
import { ShowMoreButton, useShowMore } from '../../../components/ui/show-more';

const PAGE = 10;
const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** `admin.mailAudit`: every mail an admin sent on a person's behalf, who sent it, to whom, and how it went. */
export function MailAuditLog() {
  const audit = useMailAuditQuery();
  const { shown, more } = useShowMore(PAGE);
  return (
    <AdminCard
      id="correo-registro"
      title="Registro de correos enviados en nombre de personas"
      description="Cada resumen semanal que un administrador ha enviado: a quién (siempre a su propia dirección), quién lo envió y cómo fue."
    >
      {audit.data ? (
        audit.data.length === 0 ? (
          <Text color="text.muted">Ningún administrador ha enviado correos en nombre de nadie todavía.</Text>
        ) : (
          <Stack gap="3">
            <Box as="ol" listStyleType="none" display="grid" gap="2" aria-label="Correos enviados en nombre de personas">
              {audit.data.slice(0, shown).map((entry) => (
                <InsetBox as="li" key={entry.id}>
                  <Text fontWeight="600" color="heading">
                    {templateName(entry.template)} para {entry.userFirstName} ({entry.userEmail})
                  </Text>
                  <Text fontSize="sm" color="text.muted">
                    Enviado por {entry.adminEmail} · <time dateTime={entry.at.toISOString()}>{dateFormat.format(entry.at)}</time> ·{' '}
                    {STATUS_LABELS[entry.status]}
                  </Text>
                </InsetBox>
              ))}
            </Box>
            <ShowMoreButton shown={shown} total={audit.data.length} onMore={more} />
          </Stack>
        )
      ) : audit.isError ? (
        <Text role="alert">No hemos podido cargar el registro. {errorMessage(audit.error)}</Text>
      ) : (
        <Skeleton h="20" borderRadius="lg" />
      )}
    </AdminCard>
  );
}
