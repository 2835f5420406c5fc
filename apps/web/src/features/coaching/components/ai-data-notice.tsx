import { Box, Heading, List, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '#lib/trpc';

/** What goes to the AI provider with each answer of the coach (docs/coach-and-safety.md, "What is sent to the provider"). */
export const AI_DATA_ITEMS: readonly string[] = [
  'Tu nombre y lo que respondiste en la evaluación (rol, objetivos, retos, energía, estilo de coach), tal como estaba al empezar la conversación.',
  'Un resumen de tu actividad de los últimos 7 días, los temas que más se repiten en tu diario, tus compromisos abiertos y las notas que le pediste recordar.',
  'La conversación con tu coach: tus mensajes recientes y un resumen de los anteriores.',
];

/**
 * "Qué ve el proveedor de IA": the short notice on the coaching hub. With the built-in offline coach
 * nothing leaves Ascenso, and it says so.
 */
export function AiDataNotice() {
  const trpc = useTRPC();
  const coach = useQuery(trpc.coaching.coach.queryOptions(undefined, { staleTime: 10 * 60_000 }));
  return (
    <Box as="section" aria-labelledby="datos-ia" bg="surface" borderRadius="card" borderWidth="1px" borderColor="border.soft" p={{ base: '5', md: '6' }}>
      <Heading as="h2" id="datos-ia" fontSize="lg" color="heading" mb="2">
        Qué compartes con el proveedor de IA
      </Heading>
      {coach.data?.offline ? (
        <Text color="text" data-testid="datos-ia-sin-conexion">
          Ahora tu coach funciona sin un proveedor de IA externo: tus conversaciones no salen de Ascenso.
        </Text>
      ) : (
        <>
          <Text color="text" mb="2">
            Para responderte, tu coach envía al proveedor de IA:
          </Text>
          <List.Root ps="5" gap="1" color="text" fontSize="sm">
            {AI_DATA_ITEMS.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List.Root>
          <Text color="text.muted" fontSize="sm" mt="2">
            Nunca se envía tu correo electrónico. Ante el proveedor te identifica un código seudónimo, que no revela quién eres, solo para que pueda detectar
            abusos.
          </Text>
        </>
      )}
    </Box>
  );
}
