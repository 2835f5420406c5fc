import { NAME_MAX_LENGTH } from '@ascenso/domain/auth';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { toaster } from '#components/ui/toaster';
import type { SessionUser } from '#lib/session';
import { FormAlert } from '#components/forms/form-alert';
import { useFocusFirstInvalid } from '#lib/use-focus-first-invalid';
import { authFormErrors, withoutKey } from '#lib/form-errors';
import { useUpdateProfileMutation } from '../api/profile-api';
import { timeZoneName } from '#lib/format';
import { ProfileCard } from './profile-card';
import { TimezonePicker } from './timezone-picker';
import { NameFields } from '#components/forms/name-fields';

const FIELDS = ['firstName', 'lastName', 'timezone'] as const;

/** "Tus datos": read view with an "Editar" button; the form edits name and time zone. */
export function AccountCard({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const [now] = useState(() => new Date());
  const zoneName = timeZoneName(user.timezone, now);

  const closeForm = () => {
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  return (
    <ProfileCard id="perfil-datos" title="Tus datos">
      {editing ? (
        <AccountForm user={user} onDone={closeForm} />
      ) : (
        <Stack gap="5">
          <Box as="dl" display="grid" gap="3">
            <Field label="Nombre" value={user.firstName} />
            <Field label="Apellidos" value={user.lastName?.trim() ? user.lastName : null} />
            <Field label="Correo electrónico" value={user.email} breakAll />
            <Field label="Zona horaria" value={zoneName ? `${user.timezone} (${zoneName})` : user.timezone} />
          </Box>
          <HStack>
            <Button ref={editButtonRef} variant="outline" borderRadius="full" size="sm" onClick={() => setEditing(true)} aria-label="Editar tus datos">
              Editar
            </Button>
          </HStack>
        </Stack>
      )}
    </ProfileCard>
  );
}

function AccountForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const update = useUpdateProfileMutation();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [timezone, setTimezone] = useState(user.timezone);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const changeName = (field: 'firstName' | 'lastName') => (value: string) => {
    (field === 'firstName' ? setFirstName : setLastName)(value);
    setFieldErrors((current) => withoutKey(current, field));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const errors: Record<string, string> = {};
    if (!firstName.trim()) errors.firstName = 'Escribe tu nombre';
    else if (firstName.trim().length > NAME_MAX_LENGTH) errors.firstName = `Máximo ${NAME_MAX_LENGTH} caracteres`;
    if (lastName.trim().length > NAME_MAX_LENGTH) errors.lastName = `Máximo ${NAME_MAX_LENGTH} caracteres`;
    if (!timezone) errors.timezone = 'Elige tu zona horaria';
    if (Object.keys(errors).length > 0) {
      setFieldErrors(errors);
      focusFirstInvalid();
      return;
    }
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim() || null, timezone },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: 'Datos guardados', closable: true });
          onDone();
        },
        onError: (error) => {
          const mapped = authFormErrors(error, FIELDS);
          setFieldErrors(mapped.fieldErrors);
          setFormError(mapped.formError);
          focusFirstInvalid();
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Editar tus datos">
      <Stack gap="5">
        <FormAlert message={formError} />
        <NameFields values={{ firstName, lastName }} errors={fieldErrors} onChange={changeName} gap="4" autoFocus />
        <Box>
          <Text fontWeight="500" fontSize="sm">
            Correo electrónico
          </Text>
          <Text overflowWrap="anywhere">{user.email}</Text>
          <Text fontSize="sm" color="text.muted">
            Es tu forma de entrar en Ascenso; por ahora no se puede cambiar desde aquí.
          </Text>
        </Box>
        <TimezonePicker
          value={timezone}
          onChange={(value) => {
            setTimezone(value);
            setFieldErrors((current) => withoutKey(current, 'timezone'));
          }}
          error={fieldErrors.timezone}
        />
        <HStack gap="3" flexWrap="wrap">
          <Button type="submit" colorPalette="brand" borderRadius="full" loading={update.isPending} loadingText="Guardando...">
            Guardar cambios
          </Button>
          <Button type="button" variant="outline" borderRadius="full" onClick={onDone} disabled={update.isPending}>
            Cancelar
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function Field({ label, value, breakAll = false }: { label: string; value: string | null; breakAll?: boolean }) {
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '10rem 1fr' }} gap={{ base: '0', sm: '3' }}>
      <Text as="dt" color="text.muted" fontSize="sm" fontWeight="600">
        {label}
      </Text>
      <Text as="dd" color={value ? 'text' : 'text.muted'} overflowWrap={breakAll ? 'anywhere' : undefined}>
        {value ?? 'Sin indicar'}
      </Text>
    </Box>
  );
}
