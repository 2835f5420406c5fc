import { Button, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { SurfaceCard } from '#components/ui/page-frame';
import { SafetyResourceList, type SafetyView } from '#components/ui/safety-resources';
import { FocusHeading } from '#components/ui/focus-heading';

/**
 * After saving a journal entry the risk screen flagged: the entry is saved, and the helplines for what
 * it seems to be about are offered gently (no alarm, no diagnosis). Focus moves to its heading.
 */
export function JournalSafetyNote({ safety, onDone }: { safety: SafetyView; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <SurfaceCard as="section" aria-labelledby="diario-apoyo" data-testid="diario-recursos" data-categoria={safety.category}>
      <FocusHeading as="h2" id="diario-apoyo" ref={heading} fontSize={{ base: 'xl', md: '2xl' }}>
        Tu entrada está guardada
      </FocusHeading>
      <Text mt="2" color="text">
        Gracias por escribirlo. Por lo que cuentas, quizá estás pasando por algo difícil, y no tienes que llevarlo sin ayuda. Si te sirve, aquí tienes con quién
        hablar, a cualquier hora:
      </Text>
      <SafetyResourceList resources={safety.resources} />
      <Button type="button" mt="6" colorPalette="brand" variant="outline" borderRadius="full" onClick={onDone}>
        Volver al diario
      </Button>
    </SurfaceCard>
  );
}
