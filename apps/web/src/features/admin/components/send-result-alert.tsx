import { Alert } from '@chakra-ui/react';
import { sendResultCopy, type SendResult } from '../utils/email-copy';

/** The outcome of a send, announced politely (errors assertively). */
export function SendResultAlert({ result, to }: { result: SendResult; to: string }) {
  const copy = sendResultCopy(result, to);
  return (
    <Alert.Root status={copy.tone} borderRadius="lg" variant="subtle" role={copy.tone === 'error' ? 'alert' : 'status'} data-status={result.status}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{copy.title}</Alert.Title>
        <Alert.Description overflowWrap="anywhere">{copy.description}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
