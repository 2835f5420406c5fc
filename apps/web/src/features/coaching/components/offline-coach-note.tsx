import { HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '#lib/trpc';

/**
 * Says honestly that the coach is the built-in guided one when no AI server is configured. Shown on
 * the coach screens; nothing while loading, on error, or with a model behind the coach.
 */
export function OfflineCoachNote() {
  const trpc = useTRPC();
  const coach = useQuery(trpc.coaching.coach.queryOptions(undefined, { staleTime: 10 * 60_000 }));
  if (!coach.data?.offline) return null;
  return (
    <HStack
      data-testid="offline-coach-note"
      gap="2"
      mb="4"
      px="3"
      py="1.5"
      borderRadius="full"
      bg="brand.50"
      borderWidth="1px"
      borderColor="brand.200"
      w="fit-content"
      maxW="full"
    >
      <Text fontSize="sm" color="ink.800">
        <Text as="span" fontWeight="600">
          Coach sin conexión a IA:
        </Text>{' '}
        respuestas guiadas, preparadas por el equipo de Ascenso.
      </Text>
    </HStack>
  );
}
