import { ASSESSMENT_SECTIONS, type FieldName } from '@ascenso/domain/assessment';
import { Box, Button, HStack, List, Text } from '@chakra-ui/react';
import { InfoIcon } from '#components/ui/icons';
import { WARM_BOX } from '#components/ui/warm-notice';

function questionLabel(step: number, name: FieldName): string {
  return ASSESSMENT_SECTIONS[step - 1]?.fields.find((f) => f.name === name)?.label ?? name;
}

/**
 * "Preguntas pendientes en esta sección" with the questions still unanswered; each one is a button
 * that takes the focus to that question.
 */
export function MissingQuestions({ step, missing, onGoTo }: { step: number; missing: readonly FieldName[]; onGoTo: (name: FieldName) => void }) {
  if (missing.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="preguntas-pendientes" {...WARM_BOX} borderRadius="xl" px={{ base: '4', md: '5' }} py="4">
      <HStack gap="2" mb="2" align="center">
        <InfoIcon boxSize="5" color="sun.800" aria-hidden="true" />
        <Text as="h2" id="preguntas-pendientes" fontWeight="700" color="sun.900">
          Preguntas pendientes en esta sección
        </Text>
      </HStack>
      <List.Root gap="1" ps="7" listStyleType="disc" color="sun.900">
        {missing.map((name) => (
          <List.Item key={name}>
            <Button
              variant="plain"
              h="auto"
              minH="0"
              p="0"
              whiteSpace="normal"
              textAlign="start"
              fontWeight="500"
              color="sun.900"
              textDecoration="underline"
              textUnderlineOffset="3px"
              onClick={() => onGoTo(name)}
            >
              {questionLabel(step, name)}
            </Button>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
