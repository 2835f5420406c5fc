import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '#lib/error-messages';
import { AdminCard } from './admin-frame';
import { useOutboxQuery } from '../api/email-api';
import { STATUS_LABELS, templateName } from '../utils/email-copy';
import { InsetBox, PlainTextBox } from '#components/ui/section-card';
import { ShowMoreButton, useShowMore } from '#components/ui/show-more';

const PAGE = 10;
const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });

const STATUS_STYLE = {
  sent: { bg: 'brand.700', color: 'white' },
  stored: { bg: 'sun.100', color: 'sun.900' },
  failed: { bg: 'red.700', color: 'white' },
} as const;

/** `admin.outbox`: the latest 100 messages (sent, stored in the dev outbox, or failed). */
export function OutboxList() {
  const outbox = useOutboxQuery();
  const { shown, more } = useShowMore(PAGE);
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <AdminCard
      id="correo-bandeja"
      title="Bandeja de salida"
      description="Los últimos correos: los enviados por SMTP, los guardados en la bandeja de desarrollo (cuando no hay SMTP) y los fallidos."
      actions={
        <Button size="sm" variant="outline" borderRadius="full" onClick={() => void outbox.refetch()} loading={outbox.isFetching} loadingText="Actualizando...">
          Actualizar
        </Button>
      }
    >
      {outbox.data ? (
        outbox.data.length === 0 ? (
          <Text color="text.muted">Todavía no hay correos.</Text>
        ) : (
          <Stack gap="3">
            <Box as="ol" listStyleType="none" display="grid" gap="2" aria-label="Correos de la bandeja de salida">
              {outbox.data.slice(0, shown).map((message) => (
                <InsetBox as="li" key={message.id}>
                  <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
                    <Box minW="0" flex="1">
                      <Text fontWeight="600" color="heading" overflowWrap="anywhere">
                        {message.subject}
                      </Text>
                      <Text fontSize="sm" color="text.muted" overflowWrap="anywhere">
                        Para {message.to} · {templateName(message.template)} ·{' '}
                        <time dateTime={message.createdAt.toISOString()}>{dateFormat.format(message.createdAt)}</time>
                      </Text>
                      {message.error ? (
                        <Text fontSize="sm" color="fg.error" overflowWrap="anywhere">
                          Error: {message.error}
                        </Text>
                      ) : null}
                    </Box>
                    <HStack gap="2" flexShrink={0}>
                      <Badge {...STATUS_STYLE[message.status]} borderRadius="full" px="2">
                        {STATUS_LABELS[message.status]}
                      </Badge>
                      <Badge variant="outline" borderRadius="full" px="2" color="ink.700">
                        {message.transport === 'smtp' ? 'SMTP' : 'Bandeja'}
                      </Badge>
                    </HStack>
                  </HStack>
                  <Button
                    mt="2"
                    size="xs"
                    variant="ghost"
                    colorPalette="brand"
                    aria-expanded={openId === message.id}
                    aria-controls={`correo-${message.id}`}
                    onClick={() => setOpenId((current) => (current === message.id ? null : message.id))}
                  >
                    {openId === message.id ? 'Ocultar el texto' : 'Ver el texto'}
                  </Button>
                  <PlainTextBox id={`correo-${message.id}`} hidden={openId !== message.id} mt="2" p="3" borderRadius="md" bg="surface">
                    {openId === message.id ? message.text : null}
                  </PlainTextBox>
                </InsetBox>
              ))}
            </Box>
            <ShowMoreButton shown={shown} total={outbox.data.length} onMore={more} />
          </Stack>
        )
      ) : outbox.isError ? (
        <Text role="alert">No hemos podido cargar la bandeja de salida. {errorMessage(outbox.error)}</Text>
      ) : (
        <Skeleton h="20" borderRadius="lg" />
      )}
    </AdminCard>
  );
}
