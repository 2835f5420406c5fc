import { Alert, Box } from '@chakra-ui/react';

/** A polite live region that shows a green confirmation once `message` is set. */
export function SuccessStatus({ message }: { message: string | null }) {
  return (
    <Box role="status" aria-live="polite">
      {message ? (
        <Alert.Root status="success" borderRadius="lg" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Box>
  );
}
