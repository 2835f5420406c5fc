import { PasswordResetRequestSchema } from '@ascenso/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { SuccessStatus } from '#components/ui/success-status';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthForm, EmailField } from './credential-fields';
import { AccessAside, AccessFrame } from './access-frame';

const FIELDS = ['email'] as const;

/** What the page says once the request is sent: the same whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE =
  'Si hay una cuenta con ese correo, te hemos enviado un enlace para elegir una contraseña nueva. Vale durante 30 minutos. Mira también en la carpeta de correo no deseado.';

/** The e-mail the sign-in form passed along (router state), if any. */
function emailFromState(state: unknown): string {
  return typeof state === 'object' && state !== null && typeof (state as { email?: unknown }).email === 'string' ? (state as { email: string }).email : '';
}

/** `/restablecer`: «¿Has olvidado tu contraseña?», the e-mail to send a reset link to (decision 034). */
export function PasswordResetRequestPage() {
  useDocumentTitle('Restablecer la contraseña');
  const location = useLocation();
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const [sent, setSent] = useState(false);
  const { form, values, fieldErrors, update, submit } = useAuthForm(FIELDS, { email: emailFromState(location.state) });

  const handleSubmit = () => {
    setSent(false);
    submit(PasswordResetRequestSchema.safeParse(values), (input, callbacks) => request.mutate(input, { ...callbacks, onSuccess: () => setSent(true) }));
  };

  return (
    <AccessFrame
      title="¿Has olvidado tu contraseña?"
      description="Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
      after={<AccessAside text="¿Ya la recuerdas?" to="/acceso" label="Inicia sesión" />}
    >
      <AuthForm
        label="Restablecer la contraseña"
        form={form}
        pending={request.isPending}
        button={{ label: sent ? 'Enviar otro enlace' : 'Enviarme el enlace', pending: 'Enviando...' }}
        onSubmit={handleSubmit}
      >
        <SuccessStatus message={sent ? RESET_REQUESTED_MESSAGE : null} />
        <EmailField value={values.email} onChange={update('email')} error={fieldErrors.email} />
      </AuthForm>
    </AccessFrame>
  );
}
