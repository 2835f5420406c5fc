import { Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { useAuditQuery, useCatalogueQuery } from '../api/admin-api';
import { auditChanges } from '../utils/catalogue-form';
import { AdminCard } from './admin-frame';

const PAGE = 10;
const dateFormat = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `admin.audit`: who changed which activity, when, and each value before → after. */
export function AuditLog() {
  const audit = useAuditQuery();
  const catalogue = useCatalogueQuery();
  const [shown, setShown] = useState(PAGE);
  const names = new Map(catalogue.data?.map((a) => [a.key, a.name]) ?? []);

  return (
    <AdminCard
      id="admin-registro"
      title="Registro de cambios del catálogo"
      description="Cada cambio de valores, con quién lo hizo y cuándo."
    >
      {audit.data ? (
        audit.data.length === 0 ? (
          <Text color="text.muted">Nadie ha cambiado el catálogo todavía.</Text>
        ) : (
          <Stack gap="3">
            <Box as="ol" listStyleType="none" display="grid" gap="2" aria-label="Cambios del catálogo">
              {audit.data.slice(0, shown).map((entry) => {
                const changes = auditChanges(entry.before, entry.after);
                return (
                  <Box
                    as="li"
                    key={entry.id}
                    p="3"
                    borderRadius="lg"
                    borderWidth="1px"
                    borderColor="border.soft"
                    bg="canvas"
                  >
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
                  </Box>
                );
              })}
            </Box>
            {shown < audit.data.length ? (
              <Button
                alignSelf="flex-start"
                size="sm"
                variant="outline"
                borderRadius="full"
                onClick={() => setShown((n) => n + PAGE)}
              >
                Mostrar más ({audit.data.length - shown} restantes)
              </Button>
            ) : null}
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
