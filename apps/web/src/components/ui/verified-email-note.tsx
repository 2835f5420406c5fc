import { verifiedEmailRequiredMessage, type VerifiedEmailPurpose } from '@ascenso/domain/email-verification';
import { Text } from '@chakra-ui/react';
import { WARM_BOX } from './warm-notice';

/**
 * Beside a button that needs a confirmed address, while it is not: why the button is off and the way out
 * (the banner's «Reenviar enlace»), the server's own refusal. The button names it with aria-describedby.
 */
export function VerifiedEmailNote({ id, purpose }: { id: string; purpose: VerifiedEmailPurpose }) {
  return (
    <Text id={id} fontSize="sm" color="ink.800" borderRadius="lg" px="4" py="3" {...WARM_BOX}>
      {verifiedEmailRequiredMessage(purpose)}
    </Text>
  );
}
