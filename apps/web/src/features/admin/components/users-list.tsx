import { Badge, Box, Field, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '#lib/error-messages';
import { stepsLabel } from '#lib/steps/format-steps';
import { useDebounced, useUsersQuery } from '../api/admin-api';
import { AdminCard } from './admin-frame';
import { UserSearchInput } from './user-search-input';

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' });

/** A person's row: one link laid out as a table row from \`md\` on. */
const ROW_GRID = {
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1.2fr) minmax(0, 1.4fr) 8rem 7rem' },
  gap: { base: '0.5', md: '4' },
} as const;
const ROW_LINK = { alignItems: 'center', px: '4', py: '3', color: 'text', textDecoration: 'none', _hover: { bg: 'brand.50', textDecoration: 'none' } } as const;

export function fullName(user: { firstName: string; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** The users list of /admin: search by name or e-mail; each row opens that person's steps. */
export function UsersList() {
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query);
  const users = useUsersQuery(debounced);
  const list = users.data;

  return (
    <AdminCard
      id="admin-personas"
      title="Personas"
      description="Las 100 más recientes que coinciden con la búsqueda. Abre una para ver sus pasos o ajustarlos."
    >
      <Stack gap="4">
        <Field.Root maxW="md">
          <Field.Label>Buscar por nombre o correo</Field.Label>
          <UserSearchInput value={query} onSearch={setQuery} />
        </Field.Root>
        <Text role="status" aria-live="polite" fontSize="sm" color="text.muted">
          {list ? (list.length === 0 ? 'Nadie coincide con la búsqueda.' : `${list.length} ${list.length === 1 ? 'persona' : 'personas'}`) : ''}
        </Text>
        {list ? (
          list.length > 0 ? (
            <Box
              as="ul"
              listStyleType="none"
              borderWidth="1px"
              borderColor="border.soft"
              borderRadius="lg"
              overflow="hidden"
              aria-label="Personas encontradas"
              opacity={users.isPlaceholderData ? 0.6 : 1}
            >
              {list.map((user) => (
                <Box as="li" key={user.id} borderBottomWidth="1px" borderColor="border.soft" _last={{ borderBottomWidth: 0 }}>
                  <Link asChild {...ROW_GRID} {...ROW_LINK}>
                    <RouterLink to={`/admin/steps?user=${encodeURIComponent(user.id)}`} state={{ user }}>
                      <Text as="span" fontWeight="600" color="heading" display="flex" gap="2" alignItems="center" minW="0">
                        <Text as="span" truncate>
                          {fullName(user)}
                        </Text>
                        {user.role === 'admin' ? (
                          <Badge bg="sun.100" color="sun.900" borderRadius="full" flexShrink={0}>
                            Admin
                          </Badge>
                        ) : null}
                      </Text>
                      <Text as="span" fontSize="sm" color="text.muted" overflowWrap="anywhere">
                        {user.email}
                      </Text>
                      <Text as="span" fontSize="sm" fontVariantNumeric="tabular-nums" textAlign={{ md: 'end' }}>
                        {stepsLabel(user.totalSteps)}
                      </Text>
                      <Text as="span" fontSize="sm" color="text.muted" textAlign={{ md: 'end' }}>
                        <Text as="span" srOnly>
                          Alta:{' '}
                        </Text>
                        {dateFormat.format(user.createdAt)}
                      </Text>
                    </RouterLink>
                  </Link>
                </Box>
              ))}
            </Box>
          ) : null
        ) : users.isError ? (
          <Text role="alert">No hemos podido buscar. {errorMessage(users.error)}</Text>
        ) : (
          <Skeleton h="32" borderRadius="lg" />
        )}
      </Stack>
    </AdminCard>
  );
}
