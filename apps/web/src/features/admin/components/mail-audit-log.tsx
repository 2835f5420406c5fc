import { Text } from '@chakra-ui/react';
import { useMailAuditQuery } from '../api/email-api';
import { STATUS_LABELS, templateName } from '../utils/email-copy';
import { AdminCard } from './admin-frame';
import { AdminLogList } from './admin-log-list';
import { InsetBox } from '#components/ui/section-card';

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** `admin.mailAudit`: every mail an admin sent on a person's behalf, who sent it, to whom, and how it went. */
export function MailAuditLog() {
  const audit = useMailAuditQuery();
  return (
    <AdminCard
      id="correo-registro"
      title="Registro de correos enviados en nombre de personas"
      description="Cada resumen semanal que un administrador ha enviado: a quién (siempre a su propia dirección), quién lo envió y cómo fue."
    >
      <AdminLogList query={audit} label="Correos enviados en nombre de personas" empty="Ningún administrador ha enviado correos en nombre de nadie todavía.">
        {(entry) => (
          <InsetBox as="li" key={entry.id}>
            <Text fontWeight="600" color="heading">
              {templateName(entry.template)} para {entry.userFirstName} ({entry.userEmail})
            </Text>
            <Text fontSize="sm" color="text.muted">
              Enviado por {entry.adminEmail} · <time dateTime={entry.at.toISOString()}>{dateFormat.format(entry.at)}</time> · {STATUS_LABELS[entry.status]}
            </Text>
          </InsetBox>
        )}
      </AdminLogList>
    </AdminCard>
  );
}
