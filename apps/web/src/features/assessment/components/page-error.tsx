import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '#lib/error-messages';
import { isNotFound } from '#lib/errors';
import { ButtonLink } from '#components/ui/button-link';
import { LoadingScreen } from '#components/ui/loading-screen';

/** Load failure of a results screen: "no assessment yet" leads to the wizard; anything else offers a retry. */
export function PageError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const missing = isNotFound(error);
  return (
    <Container maxW="lg" py="16">
      <Stack gap="5" align="center" textAlign="center">
        <Heading as="h1" size="xl" color="heading">
          {title}
        </Heading>
        <Text color="text.muted" role="alert">
          {missing ? 'Todavía no has completado la evaluación.' : errorMessage(error)}
        </Text>
        {missing ? (
          <ButtonLink to="/assessment" colorPalette="brand">
            Hacer la evaluación
          </ButtonLink>
        ) : (
          <Button colorPalette="brand" borderRadius="full" onClick={onRetry}>
            Reintentar
          </Button>
        )}
      </Stack>
    </Container>
  );
}

/** A results screen's main query before it has data: the loading screen, then PageError if it failed. */
export function PageStatus({ title, query }: { title: string; query: { isError: boolean; error: unknown; refetch: () => Promise<unknown> } }) {
  if (!query.isError) return <LoadingScreen minH="60dvh" />;
  return <PageError title={title} error={query.error} onRetry={() => void query.refetch()} />;
}
