import { EMAIL_VERIFICATION_MESSAGES } from '@ascenso/domain/email-verification';
import { Box, Button, Container, Flex, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { InfoIcon } from '#components/ui/icons';
import { notify } from '#components/ui/notify';
import { WARM_BOX } from '#components/ui/warm-notice';
import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import { useTRPC } from '#lib/trpc';

/** The banner's landmark name (and the sentence the gated buttons point to: «el aviso de arriba»). */
export const EMAIL_VERIFICATION_BANNER_LABEL = 'Confirma tu correo';

/** The refusal to show for «Reenviar enlace»: the server's own sentence for its limit (with the wait). */
function resendRefusal(error: unknown): string {
  const info = readDomainError(error);
  if (info.domainCode === 'RATE_LIMITED' && error instanceof TRPCClientError && error.message.trim()) return error.message;
  return errorMessage(error);
}

/**
 * Shown at the top of every signed-in screen while the address is not confirmed: where the link went, and
 * «Reenviar enlace» for a fresh one (a few an hour). A named region, so a screen reader can find it by its
 * name from the buttons that point to it; the answer is a toast (a polite live region).
 */
export function EmailVerificationBanner({ email }: { email: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: (result) => {
        notify({ type: 'success', title: result.alreadyVerified ? EMAIL_VERIFICATION_MESSAGES.alreadyVerified : EMAIL_VERIFICATION_MESSAGES.resent });
        // Confirmed in another tab meanwhile: the banner goes.
        if (result.alreadyVerified) void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      },
      onError: (error) => notify({ type: 'error', title: 'No te hemos enviado otro enlace', description: resendRefusal(error), closable: true }),
    }),
  );

  return (
    <Box as="section" aria-label={EMAIL_VERIFICATION_BANNER_LABEL} {...WARM_BOX} borderWidth="0" borderBottomWidth="1px">
      <Container maxW="6xl" py="3">
        <Flex gap="3" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} justify="space-between">
          <Flex gap="2.5" align="flex-start">
            <InfoIcon boxSize="5" color="sun.800" mt="0.5" aria-hidden="true" flexShrink={0} />
            <Text color="ink.800">
              <Text as="strong" fontWeight="700" color="heading">
                {EMAIL_VERIFICATION_BANNER_LABEL}:
              </Text>{' '}
              te hemos enviado un enlace a{' '}
              <Text as="span" fontWeight="600" wordBreak="break-all">
                {email}
              </Text>
              .
            </Text>
          </Flex>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            borderRadius="full"
            flexShrink={0}
            onClick={() => resend.mutate()}
            loading={resend.isPending}
            loadingText="Enviando..."
          >
            Reenviar enlace
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}
