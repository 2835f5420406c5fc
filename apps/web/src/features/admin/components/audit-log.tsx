import { Box, Text } from '@chakra-ui/react';
import { useAuditQuery, useCatalogueQuery } from '../api/admin-api';
import { auditChanges } from '../utils/catalogue-form';
import { AdminCard } from './admin-frame';
import { InsetBox } from '#components/ui/section-card';
import { AdminLogList } from './admin-log-list';

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** `admin.audit`: who changed which activity, when, and each value before → after. */
export function AuditLog() {
  const audit = useAuditQuery();
  const catalogue = useCatalogueQuery();
  const names = new Map(catalogue.data?.map((a) => [a.key, a.name]) ?? []);

  return (
    <AdminCard id="admin-registro" title="Registro de cambios del catálogo" description="Cada cambio de valores, con quién lo hizo y cuándo.">
      <AdminLogList query={audit} label="Cambios del catálogo" empty="Nadie ha cambiado el catálogo todavía.">
        {(entry) => {
          const changes = auditChanges(entry.before, entry.after);
          return (
            <InsetBox as="li" key={entry.id}>
              <Text fontWeight="600" color="heading">
                {names.get(entry.activityKey) ?? entry.activityKey}
              </Text>
              <Text fontSize="sm" color="text.muted">
                {entry.adminEmail} · <time dateTime={entry.at.toISOString()}>{dateFormat.format(entry.at)}</time>
              </Text>
              <Box as="ul" listStyleType="none" mt="1" fontSize="sm">
                {changes.length === 0 ? (
                  <li>Sin cambios de valores.</li>
                ) : (
                  changes.map((change) => (
                    <li key={change.field}>
                      {change.label}:{' '}
                      <Text as="span" textDecoration="line-through" color="text.muted">
                        {change.before}
                      </Text>
                      <Text as="span" srOnly>
                        {' '}
                        pasa a{' '}
                      </Text>
                      <span aria-hidden="true"> → </span>
                      <Text as="strong" fontWeight="700">
                        {change.after}
                      </Text>
                    </li>
                  ))
                )}
              </Box>
            </InsetBox>
          );
        }}
      </AdminLogList>
    </AdminCard>
  );
}
