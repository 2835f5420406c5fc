import {
  showsQuickWinsOther,
  type EnergyFactor,
  type FieldDefinition,
  type FieldName,
  type MultiField,
  type PartialResponses,
} from '@ascenso/domain/assessment';
import { Field, HStack, Input, SimpleGrid, Text, Textarea, Wrap, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { scoreWords } from '../utils/energy-chart';
import { ChoiceCard, ScalePill } from './choice-card';
import { PlainFieldset, QuestionCard, QuestionError, QuestionHint, QuestionLegend } from './question-card';

export interface QuestionHandlers {
  onAnswer: (field: FieldName, value: PartialResponses[FieldName]) => void;
  onToggle: (field: MultiField, value: string) => void;
  onEnergy: (factor: EnergyFactor, score: number) => void;
}

interface QuestionFieldProps extends QuestionHandlers {
  field: FieldDefinition;
  responses: PartialResponses;
  /** The question is required, unanswered, and the user tried to continue. */
  invalid: boolean;
}

function describedBy(...ids: (string | false)[]): string {
  return ids.filter(Boolean).join(' ');
}

/** DOM id of a question's first focusable control's container (used to jump to missing questions). */
export function questionId(name: FieldName): string {
  return `pregunta-${name}`;
}

/** One question of a section, rendered from its definition in ASSESSMENT_SECTIONS. */
export function QuestionField({ field, responses, invalid, onAnswer, onToggle, onEnergy }: QuestionFieldProps) {
  switch (field.kind) {
    case 'text':
      // quickWinsOther exists only while 'otro' is chosen (decision 008); it stays optional (spec §3).
      if (field.name === 'quickWinsOther' && !showsQuickWinsOther(responses)) return null;
      return (
        <TextQuestion
          field={field}
          value={(responses[field.name] as string | undefined) ?? ''}
          invalid={invalid}
          onChange={(value) => onAnswer(field.name, value)}
        />
      );
    case 'select':
      return (
        <SelectQuestion
          field={field}
          value={(responses[field.name] as string | undefined) ?? ''}
          invalid={invalid}
          onChange={(value) => onAnswer(field.name, value as PartialResponses[FieldName])}
        />
      );
    case 'multi':
      return (
        <MultiQuestion
          field={field}
          value={(responses[field.name] as string[] | undefined) ?? []}
          invalid={invalid}
          onToggle={(value) => onToggle(field.name, value)}
        />
      );
    case 'energy':
      return <EnergyQuestion field={field} value={responses.energyFactors} onChange={onEnergy} />;
    case 'rating':
      return (
        <RatingQuestion field={field} value={responses.satisfactionRating ?? 0} invalid={invalid} onChange={(value) => onAnswer('satisfactionRating', value)} />
      );
  }
}

type Def<K extends FieldDefinition['kind']> = Extract<FieldDefinition, { kind: K }>;
/** What every single-answer question takes: its definition, the current answer, and where answers go. */
type QuestionProps<K extends FieldDefinition['kind'], V> = {
  field: Def<K>;
  value: V;
  invalid: boolean;
  onChange: (value: V) => void;
};

function TextQuestion({ field, value, invalid, onChange }: QuestionProps<'text', string>) {
  const id = questionId(field.name);
  const remaining = field.maxLength - value.length;
  const control = field.multiline ? (
    <Textarea
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={field.placeholder}
      maxLength={field.maxLength}
      autoresize
      minH="24"
      size="lg"
      bg="surface"
    />
  ) : (
    <Input
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={field.placeholder}
      maxLength={field.maxLength}
      size="lg"
      bg="surface"
    />
  );
  return (
    <QuestionCard invalid={invalid} data-question={field.name}>
      <Field.Root required={!field.optional} invalid={invalid} ids={{ control: id }}>
        <Field.Label fontSize={{ base: 'md', md: 'lg' }} fontWeight="600" color="heading" lineHeight="1.35" mb="2">
          {field.label}
          {field.optional ? (
            <Text as="span" fontWeight="400" color="text.muted">
              {' '}
              (opcional)
            </Text>
          ) : null}
        </Field.Label>
        {control}
        <Field.ErrorText fontSize="sm">Responde esta pregunta para continuar.</Field.ErrorText>
        <Field.HelperText fontSize="xs" color="text.muted" alignSelf="flex-end">
          {remaining <= 20 ? `Quedan ${remaining} caracteres` : `Máximo ${field.maxLength} caracteres`}
        </Field.HelperText>
      </Field.Root>
    </QuestionCard>
  );
}

/** The options of a choice question as cards, two columns from `sm` on. */
function ChoiceGrid({
  type,
  name,
  options,
  isChecked,
  onPick,
  required,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  isChecked: (value: string) => boolean;
  onPick: (value: string) => void;
  required?: boolean;
}) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2.5">
      {options.map((option) => (
        <ChoiceCard
          key={option.value}
          type={type}
          name={name}
          value={option.value}
          checked={isChecked(option.value)}
          onChange={() => onPick(option.value)}
          required={required}
        >
          {option.label}
        </ChoiceCard>
      ))}
    </SimpleGrid>
  );
}

function SelectQuestion({ field, value, invalid, onChange }: QuestionProps<'select', string>) {
  const id = questionId(field.name);
  return (
    <QuestionCard invalid={invalid} data-question={field.name}>
      <PlainFieldset id={id} aria-describedby={describedBy(`${id}-ayuda`, invalid && `${id}-error`)}>
        <QuestionLegend>{field.label}</QuestionLegend>
        <QuestionHint id={`${id}-ayuda`}>Elige una opción.</QuestionHint>
        <ChoiceGrid type="radio" name={field.name} options={field.options} isChecked={(option) => value === option} onPick={onChange} required />
        <QuestionError id={`${id}-error`} show={invalid} />
      </PlainFieldset>
    </QuestionCard>
  );
}

function MultiQuestion({ field, value, invalid, onToggle }: { field: Def<'multi'>; value: string[]; invalid: boolean; onToggle: (value: string) => void }) {
  const id = questionId(field.name);
  // Set when a selection past the maximum was ignored; cleared by the next accepted change.
  const [limitNotice, setLimitNotice] = useState(false);
  const atMax = value.length >= field.max;

  const handleChange = (option: string) => {
    setLimitNotice(!value.includes(option) && atMax);
    onToggle(option);
  };

  return (
    <QuestionCard invalid={invalid} data-question={field.name}>
      <PlainFieldset id={id} aria-describedby={describedBy(`${id}-ayuda`, invalid && `${id}-error`)}>
        <QuestionLegend>{field.label}</QuestionLegend>
        <HStack id={`${id}-ayuda`} justify="space-between" align="baseline" gap="3" mb="4" flexWrap="wrap">
          <Text color="text.muted" fontSize="sm">
            Elige hasta {field.max}
          </Text>
          <Text fontSize="sm" fontWeight="600" color={limitNotice ? 'sun.800' : atMax ? 'brand.700' : 'text.muted'} aria-live="polite">
            {limitNotice
              ? `Ya has elegido ${field.max}. Quita una para cambiarla.`
              : `${value.length} de ${field.max} ${field.max === 1 ? 'elegida' : 'elegidas'}`}
          </Text>
        </HStack>
        <ChoiceGrid type="checkbox" name={field.name} options={field.options} isChecked={(option) => value.includes(option)} onPick={handleChange} />
        <QuestionError id={`${id}-error`} show={invalid} />
      </PlainFieldset>
    </QuestionCard>
  );
}

function EnergyQuestion({
  field,
  value,
  onChange,
}: {
  field: Def<'energy'>;
  value: PartialResponses['energyFactors'];
  onChange: (factor: EnergyFactor, score: number) => void;
}) {
  const id = questionId(field.name);
  return (
    <QuestionCard data-question={field.name}>
      <PlainFieldset id={id} aria-describedby={`${id}-ayuda`}>
        <QuestionLegend>{field.label}</QuestionLegend>
        <QuestionHint id={`${id}-ayuda`}>1 = me agota · 5 = me da energía. Es opcional: deja sin puntuar lo que no aplique.</QuestionHint>
        <chakra.div display="grid" gap="3">
          {field.factors.map((factor) => {
            const name = `energia-${factor.value}`;
            const current = value?.[factor.value as EnergyFactor] ?? 0;
            return (
              <PlainFieldset
                key={factor.value}
                display="grid"
                gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }}
                alignItems="center"
                gap={{ base: '2', md: '4' }}
                py="3"
                borderTopWidth="1px"
                borderColor="border.soft"
              >
                <chakra.legend float="left" p="0" fontWeight="600" color="text">
                  {factor.label}
                </chakra.legend>
                <HStack gap={{ base: '1.5', sm: '2' }} gridColumn={{ base: '1', md: '2' }} flexWrap="nowrap">
                  {[1, 2, 3, 4, 5].map((score) => (
                    <ScalePill
                      key={score}
                      name={name}
                      value={score}
                      checked={current === score}
                      onChange={() => onChange(factor.value as EnergyFactor, score)}
                      srSuffix={energyWordsForYou(score)}
                      labelProps={{ minW: { base: '10', sm: '11' }, px: { base: '2', sm: '3' } }}
                    >
                      {score}
                    </ScalePill>
                  ))}
                  <ScalePill
                    name={name}
                    value={0}
                    checked={current === 0}
                    onChange={() => onChange(factor.value as EnergyFactor, 0)}
                    labelProps={{
                      ms: { base: '1', sm: '2' },
                      px: { base: '2', sm: '3' },
                      fontSize: { base: 'xs', sm: 'sm' },
                      lineHeight: '1.1',
                      textAlign: 'center',
                      maxW: { base: '20', sm: 'none' },
                    }}
                  >
                    Sin puntuar
                  </ScalePill>
                </HStack>
              </PlainFieldset>
            );
          })}
        </chakra.div>
      </PlainFieldset>
    </QuestionCard>
  );
}

/** "me agota" … "me da energía" (first person, as the user answers). */
function energyWordsForYou(score: number): string {
  return scoreWords(score).replace(/^te /, 'me ');
}

function RatingQuestion({ field, value, invalid, onChange }: QuestionProps<'rating', number>) {
  const id = questionId(field.name);
  const scores = Array.from({ length: field.max - field.min + 1 }, (_, i) => field.min + i);
  return (
    <QuestionCard invalid={invalid} data-question={field.name}>
      <PlainFieldset id={id} aria-describedby={describedBy(`${id}-ayuda`, invalid && `${id}-error`)}>
        <QuestionLegend>{field.label}</QuestionLegend>
        <QuestionHint id={`${id}-ayuda`}>
          Del {field.min} (nada satisfecho/a) al {field.max} (totalmente satisfecho/a).
        </QuestionHint>
        <Wrap gap="2">
          {scores.map((score) => (
            <ScalePill
              key={score}
              name={field.name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              required
              srSuffix={score === field.min ? 'nada satisfecho/a' : score === field.max ? 'totalmente satisfecho/a' : undefined}
            >
              {score}
            </ScalePill>
          ))}
        </Wrap>
        <QuestionError id={`${id}-error`} show={invalid} />
      </PlainFieldset>
    </QuestionCard>
  );
}
