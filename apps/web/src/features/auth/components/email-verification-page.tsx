import { EMAIL_VERIFICATION_VALID_HOURS } from '@ascenso/domain/email-verification';
import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { SuccessStatus } from '#components/ui/success-status';
import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import { useCurrentUserQuery } from '#lib/session';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import { AccessFrame } from './access-frame';

export const EMAIL_VERIFIED_MESSAGE = 'Listo: ya no verás el aviso de confirmar tu correo y puedes compartir tu progreso y conectar tu calendario.';

/**
 * `/verificar/:token`, the link of the welcome mail (or of «Reenviar enlace»): confirms the address, signed
 * in or not (the same page for everyone, outside the app shell, like the reset link's). The link is used
 * once, as soon as the page opens; one that cannot work (used, expired, replaced) says how to get a new one.
 */
export function EmailVerificationPage() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Whether someone is signed in here: the way to a new link differs (the banner, or signing in first).
  const me = useCurrentUserQuery();
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      // The banner goes as soon as the app asks who the user is again.
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    }),
  );
  // Once per token: React's development double effects and re-renders must not use the link twice.
  const sentFor = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  const gone = verify.isError && readDomainError(verify.error).domainCode === 'LINK_GONE';
  useDocumentTitle(verify.isSuccess ? 'Correo confirmado' : gone ? 'Enlace no válido' : 'Confirmando tu correo');

  if (verify.isSuccess) {
    return (
      <AccessFrame
        title="Tu correo está confirmado"
        description="Gracias: ahora sabemos que esta dirección es tuya."
        action={{ to: '/', label: 'Ir al inicio' }}
      >
        <SuccessStatus message={EMAIL_VERIFIED_MESSAGE} />
      </AccessFrame>
    );
  }

  if (gone) {
    const signedIn = Boolean(me.data);
    return (
      <AccessFrame
        title="Este enlace ya no es válido"
        description={`Por tu seguridad, cada enlace caduca a las ${EMAIL_VERIFICATION_VALID_HOURS} horas, solo se puede usar una vez y deja de valer cuando pides otro.`}
        action={signedIn ? { to: '/', label: 'Ir al inicio' } : { to: '/acceso', label: 'Iniciar sesión' }}
      >
        <Text role="alert">
          {signedIn
            ? 'Para recibir uno nuevo, ve al inicio y pulsa «Reenviar enlace» en el aviso de la parte superior. Si ya confirmaste tu correo, no tienes que hacer nada más.'
            : 'Para recibir uno nuevo, inicia sesión y pulsa «Reenviar enlace» en el aviso de la parte superior. Si ya confirmaste tu correo, no tienes que hacer nada más.'}
        </Text>
      </AccessFrame>
    );
  }

  if (verify.isError) {
    return (
      <AccessFrame
        title="No hemos podido confirmar tu correo"
        description="Puede que haya fallado la conexión: vuelve a intentarlo."
        action={{ label: 'Reintentar', onClick: () => mutate({ token }) }}
      >
        <Text role="alert">{errorMessage(verify.error)}</Text>
      </AccessFrame>
    );
  }

  return (
    <AccessFrame title="Confirmando tu correo" description="Un momento, por favor.">
      <Stack role="status" direction="row" align="center" gap="3">
        <Spinner size="sm" color="brand.600" aria-hidden="true" />
        <Text>Confirmando tu correo...</Text>
      </Stack>
    </AccessFrame>
  );
}
