import type { FieldName, PartialResponses, SectionDefinition } from '@ascenso/domain/assessment';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuestionReveal } from '../hooks/use-question-reveal';
import { QuestionField, type QuestionHandlers } from './question-field';

interface SectionQuestionsProps extends QuestionHandlers {
  section: SectionDefinition;
  responses: PartialResponses;
  /** Required questions to mark as unanswered (after an attempt to continue). */
  invalidFields: readonly FieldName[];
  /** Called once the questions are on screen (e.g. to show the pending-questions warning). */
  children?: (revealed: boolean) => React.ReactNode;
}

/** The question blocks of one section; they appear 2 s after the step changes. Mount with key={step}. */
export function SectionQuestions({ section, responses, invalidFields, children, ...handlers }: SectionQuestionsProps) {
  const revealed = useQuestionReveal();
  return (
    <>
      {revealed ? (
        <Stack gap="5" animation="fade-in 400ms ease-out" _motionReduce={{ animation: 'none' }}>
          {section.fields.map((field) => (
            <QuestionField key={field.name} field={field} responses={responses} invalid={invalidFields.includes(field.name)} {...handlers} />
          ))}
        </Stack>
      ) : (
        <PreparingQuestions />
      )}
      {children?.(revealed)}
    </>
  );
}

/** The calm waiting state while the questions are prepared. */
function PreparingQuestions() {
  return (
    <Box role="status" bg="surface" borderWidth="1px" borderColor="border.soft" borderRadius="card" px="6" py={{ base: '10', md: '14' }} textAlign="center">
      <HStack justify="center" gap="2" mb="4" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Box
            key={i}
            boxSize="2.5"
            borderRadius="full"
            bg="brand.400"
            animation="pulse 1.4s ease-in-out infinite"
            style={{ animationDelay: `${i * 0.2}s` }}
            _motionReduce={{ animation: 'none', opacity: 0.7 }}
          />
        ))}
      </HStack>
      <Text color="text.muted" fontSize="lg">
        Preparando las preguntas…
      </Text>
    </Box>
  );
}
