import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from './text-field';

type NameField = 'firstName' | 'lastName';

const FIRST_NAME = { label: 'Nombre', name: 'firstName', autoComplete: 'given-name', required: true } as const;
const LAST_NAME = { label: 'Apellidos (opcional)', name: 'lastName', autoComplete: 'family-name' } as const;

/** "Nombre" (required) and "Apellidos (opcional)", side by side from `sm` on (registration and "Tus datos"). */
export function NameFields({
  values,
  errors,
  onChange,
  gap = '5',
  autoFocus = false,
}: {
  values: Record<NameField, string>;
  errors: Partial<Record<string, string>>;
  /** `onChange('firstName')` is the first name's change handler. */
  onChange: (field: NameField) => (value: string) => void;
  gap?: string;
  autoFocus?: boolean;
}) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap={gap}>
      <TextField {...FIRST_NAME} autoFocus={autoFocus} value={values.firstName} onChange={onChange('firstName')} error={errors.firstName} />
      <TextField {...LAST_NAME} value={values.lastName} onChange={onChange('lastName')} error={errors.lastName} />
    </SimpleGrid>
  );
}
