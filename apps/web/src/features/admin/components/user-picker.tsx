import { Badge, Box, Button, Field, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { errorMessage } from '#lib/error-messages';
import { stepsLabel } from '#lib/steps/format-steps';
import { useDebounced, useUsersQuery, type AdminUser } from '../api/admin-api';
import { fullName } from './users-list';
import { UserSearchInput } from './user-search-input';

const SHOWN = 8;

export interface PickedUser {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string;
}

/**
 * Search (name or e-mail) and choose one person. The choice is shown above the search with a
 * "Cambiar" button; results are buttons marked with `aria-pressed`.
 */
export function UserPicker({
  selected,
  onSelect,
  label = 'Buscar una persona',
}: {
  selected: PickedUser | null;
  onSelect: (user: AdminUser | null) => void;
  label?: string;
}) {
  const resultsId = useId();
  const [searching, setSearching] = useState(selected === null);
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query);
  const users = useUsersQuery(debounced);
  const list = users.data?.slice(0, SHOWN);

  if (selected && !searching) {
    return (
      <HStack gap="3" p="3" borderRadius="lg" borderWidth="1px" borderColor="brand.200" bg="brand.50" justify="space-between" flexWrap="wrap">
        <Box minW="0">
          <Text fontSize="sm" color="text.muted">
            Persona elegida
          </Text>
          <Text fontWeight="700" color="heading">
            {fullName(selected) || 'Sin nombre'}
          </Text>
          <Text fontSize="sm" overflowWrap="anywhere">
            {selected.email}
          </Text>
        </Box>
        <Button size="sm" variant="outline" borderRadius="full" bg="surface" onClick={() => setSearching(true)}>
          Cambiar de persona
        </Button>
      </HStack>
    );
  }

  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <UserSearchInput value={query} onSearch={setQuery} placeholder="Nombre o correo" aria-controls={resultsId} autoFocus={selected !== null} />
        <Field.HelperText color="text.muted">Se muestran las {SHOWN} primeras coincidencias, de la más reciente a la más antigua.</Field.HelperText>
      </Field.Root>
      <Text role="status" aria-live="polite" srOnly>
        {list ? `${users.data?.length ?? 0} resultados` : ''}
      </Text>
      {list ? (
        list.length === 0 ? (
          <Text color="text.muted">Nadie coincide con «{debounced}».</Text>
        ) : (
          <Box as="ul" id={resultsId} listStyleType="none" display="grid" gap="2" aria-label="Resultados de la búsqueda">
            {list.map((user) => (
              <li key={user.id}>
                <Button
                  variant="outline"
                  w="full"
                  h="auto"
                  py="2.5"
                  px="3"
                  justifyContent="space-between"
                  textAlign="start"
                  whiteSpace="normal"
                  borderRadius="lg"
                  aria-pressed={selected?.id === user.id}
                  onClick={() => {
                    onSelect(user);
                    setSearching(false);
                  }}
                >
                  <Box minW="0">
                    <Text as="span" display="flex" gap="2" fontWeight="600" color="heading">
                      {fullName(user)}
                      {user.role === 'admin' ? (
                        <Badge bg="sun.100" color="sun.900" borderRadius="full">
                          Admin
                        </Badge>
                      ) : null}
                    </Text>
                    <Text as="span" display="block" fontSize="sm" fontWeight="400" color="text.muted" overflowWrap="anywhere">
                      {user.email}
                    </Text>
                  </Box>
                  <Text as="span" fontSize="sm" fontWeight="400" color="text" flexShrink={0}>
                    {stepsLabel(user.totalSteps)}
                  </Text>
                </Button>
              </li>
            ))}
          </Box>
        )
      ) : users.isError ? (
        <Text role="alert">No hemos podido buscar. {errorMessage(users.error)}</Text>
      ) : (
        <Skeleton h="20" borderRadius="lg" />
      )}
      {selected ? (
        <Button alignSelf="flex-start" size="sm" variant="ghost" onClick={() => setSearching(false)}>
          Cancelar
        </Button>
      ) : null}
    </Stack>
  );
}
