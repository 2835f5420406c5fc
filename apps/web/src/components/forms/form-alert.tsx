import { Alert } from '@chakra-ui/react';

/** Form-level error (wrong credentials, rate limit, no connection), announced with role="alert". */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" borderRadius="lg" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
