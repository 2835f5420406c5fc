import { useState } from 'react';
import { authFormErrors, issuesToFieldErrors, withoutKey, type AuthFormOptions } from '#lib/form-errors';
import { useFocusFirstInvalid } from '#lib/use-focus-first-invalid';

/** A zod `safeParse` result (structurally: the web app does not import zod itself). */
type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: Parameters<typeof issuesToFieldErrors>[0] } };

/**
 * State of the sign-in and registration forms: the values, the error under each field, the form-level
 * alert, and the submit rule: check with the procedure's own schema first (errors beside the fields),
 * then call the server and show where its refusal belongs; focus moves to the first invalid field.
 * `form` goes to AuthForm.
 */
export function useAuthForm<F extends string>(fields: readonly F[], initial: Record<F, string>, options: AuthFormOptions = {}) {
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const update = (field: F) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => withoutKey(current, field));
  };

  const submit = <T>(parsed: ParseResult<T>, mutate: (input: T, callbacks: { onError: (error: unknown) => void }) => void) => {
    setFormError(null);
    if (!parsed.success) {
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      focusFirstInvalid();
      return;
    }
    setFieldErrors({});
    mutate(parsed.data, {
      onError: (error) => {
        const errors = authFormErrors(error, fields, options);
        setFieldErrors(errors.fieldErrors);
        setFormError(errors.formError);
        focusFirstInvalid();
      },
    });
  };

  return { form: { formRef, formError }, values, fieldErrors, update, submit };
}
