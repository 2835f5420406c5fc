import { Button, Input, Text, Wrap, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { JOURNAL_MOOD_MAX_LENGTH } from '@ascenso/domain/journal';
import { MOOD_OPTIONS } from '../utils/moods';

/**
 * "¿Cómo te sientes?": six chips (toggle buttons, one at a time) or the user's own words.
 * Typing a mood clears the chip; choosing a chip clears the text.
 */
export function MoodPicker({
  chip,
  custom,
  onChipChange,
  onCustomChange,
  disabled = false,
}: {
  chip: string | null;
  custom: string;
  onChipChange: (chip: string | null) => void;
  onCustomChange: (text: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <chakra.fieldset border="none" p="0" m="0" minW="0" disabled={disabled}>
      <Text as="legend" fontWeight="600" color="heading" mb="2" p="0">
        ¿Cómo te sientes?
      </Text>
      <Wrap gap="2" mb="3">
        {MOOD_OPTIONS.map((mood) => {
          const selected = chip === mood && custom.trim().length === 0;
          return (
            <Button
              key={mood}
              type="button"
              size="sm"
              borderRadius="full"
              variant={selected ? 'solid' : 'outline'}
              colorPalette="brand"
              bg={selected ? undefined : 'surface'}
              aria-pressed={selected}
              onClick={() => {
                onCustomChange('');
                onChipChange(selected ? null : mood);
              }}
            >
              {mood}
            </Button>
          );
        })}
      </Wrap>
      <chakra.label htmlFor={`${id}-otro`} display="block" fontSize="sm" color="text.muted" mb="1">
        O dilo con tus palabras
      </chakra.label>
      <Input
        id={`${id}-otro`}
        value={custom}
        onChange={(event) => {
          onCustomChange(event.target.value.slice(0, JOURNAL_MOOD_MAX_LENGTH));
          if (event.target.value.trim()) onChipChange(null);
        }}
        maxLength={JOURNAL_MOOD_MAX_LENGTH}
        placeholder="Por ejemplo: con ganas de empezar"
        size="sm"
        borderRadius="lg"
        bg="surface"
        _placeholder={{ color: 'ink.500' }}
      />
    </chakra.fieldset>
  );
}
