import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AddressForm } from '@ascenso/domain/address-form';
import { useState } from 'react';
import { toaster } from '#components/ui/toaster';
import { errorMessage } from '#lib/error-messages';
import { FormAlert } from '#components/forms/form-alert';
import { ChoiceChips } from '#components/ui/choice-chips';
import { useAddressForm } from '../api/profile-api';
import { ProfileCard } from './profile-card';

const OPTIONS: ReadonlyArray<{ value: AddressForm; label: string; example: string }> = [
  { value: 'neutro', label: 'Neutro', example: 'Te veo con ganas de dar el paso.' },
  { value: 'femenino', label: 'Femenino', example: 'Te veo motivada para dar el paso.' },
  { value: 'masculino', label: 'Masculino', example: 'Te veo motivado para dar el paso.' },
];

/** "¿Cómo quieres que te hable?": the gender of the coach's adjectives about the user; saved on choice. */
export function AddressFormCard() {
  const { preferences, save } = useAddressForm();
  const [error, setError] = useState<string | null>(null);
  const value = save.isPending && save.variables ? save.variables.addressForm : (preferences.data?.addressForm ?? null);
  const example = OPTIONS.find((o) => o.value === value)?.example;

  return (
    <ProfileCard
      id="perfil-trato"
      title="Cómo quieres que te hable tu coach"
      description="Tu coach usa esta forma en las palabras que se refieren a ti. Con la forma neutra evita el género."
    >
      <Stack gap="3">
        <FormAlert message={error} />
        {preferences.isPending ? (
          <Skeleton h="10" maxW="sm" borderRadius="full" aria-hidden="true" />
        ) : preferences.isError ? (
          <Text color="text.muted">{errorMessage(preferences.error)}</Text>
        ) : (
          <ChoiceChips
            name="address-form"
            legend="¿Cómo quieres que te hable?"
            options={OPTIONS.map(({ value: v, label }) => ({ value: v, label }))}
            value={value}
            disabled={save.isPending}
            onChange={(addressForm) => {
              setError(null);
              save.mutate(
                { addressForm },
                {
                  onSuccess: () => toaster.create({ type: 'success', title: 'Preferencia guardada', closable: true }),
                  onError: (e) => setError(errorMessage(e)),
                },
              );
            }}
          />
        )}
        {example ? (
          <Text fontSize="sm" color="text.muted" aria-live="polite">
            Por ejemplo: {example}
          </Text>
        ) : null}
      </Stack>
    </ProfileCard>
  );
}
