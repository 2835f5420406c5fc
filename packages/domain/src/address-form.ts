import { z } from 'zod';
import { PublicUserSchema } from './auth';

/**
 * "¿Cómo quieres que te hable?": the grammatical gender the coach uses for adjectives and participles
 * about the user. `neutro` (the default) avoids gendered words altogether ("Te veo con ganas").
 */
export const ADDRESS_FORMS = ['neutro', 'femenino', 'masculino'] as const;
export const AddressFormSchema = z.enum(ADDRESS_FORMS, { message: 'Elige femenino, masculino o neutro' });
export type AddressForm = z.infer<typeof AddressFormSchema>;
export const DEFAULT_ADDRESS_FORM: AddressForm = 'neutro';

/** Labels and examples for the profile control. */
export const ADDRESS_FORM_OPTIONS: ReadonlyArray<{ value: AddressForm; label: string; example: string }> = [
  { value: 'neutro', label: 'Neutro', example: '«Te veo con ganas»' },
  { value: 'femenino', label: 'Femenino', example: '«Te veo motivada»' },
  { value: 'masculino', label: 'Masculino', example: '«Te veo motivado»' },
];

export function isAddressForm(value: unknown): value is AddressForm {
  return typeof value === 'string' && (ADDRESS_FORMS as readonly string[]).includes(value);
}

/** `auth.me` over tRPC: the public user plus the form of address (the REST user shape is unchanged). */
export const AccountSchema = PublicUserSchema.extend({ addressForm: AddressFormSchema.optional() });
export type Account = z.infer<typeof AccountSchema>;

/** `profile.preferences` / `profile.setPreferences`. */
export const PreferencesSchema = z.object({ addressForm: AddressFormSchema });
export type Preferences = z.infer<typeof PreferencesSchema>;
