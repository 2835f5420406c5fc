import { Box, Combobox, Field, Portal, Text, createListCollection } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { availableTimeZones, filterTimeZones, timeZoneOption, type TimeZoneOption } from '../utils/timezones';

/** Shown at most at once; typing narrows the list (every zone stays reachable by searching). */
const MAX_SHOWN = 120;

interface TimezonePickerProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A searchable list of the browser's IANA time zones (`Intl.supportedValuesOf('timeZone')`). */
export function TimezonePicker({ value, onChange, error, disabled = false }: TimezonePickerProps) {
  const [initial] = useState(value);
  const [now] = useState(() => new Date());
  const options = useMemo(() => availableTimeZones(initial).map((zone) => timeZoneOption(zone, now)), [initial, now]);
  const [query, setQuery] = useState('');
  const matches = useMemo(() => filterTimeZones(options, query), [options, query]);
  const shown = useMemo(() => {
    const first = matches.slice(0, MAX_SHOWN);
    // The selected zone is always an item, so the input can show it.
    const selected = options.find((option) => option.value === value);
    return selected && !first.includes(selected) && query === '' ? [selected, ...first] : first;
  }, [matches, options, value, query]);
  const collection = useMemo(
    () =>
      createListCollection<TimeZoneOption>({
        items: shown,
        itemToString: (item) => item.label,
        itemToValue: (item) => item.value,
      }),
    [shown],
  );

  return (
    <Field.Root invalid={Boolean(error)} required disabled={disabled}>
      <Combobox.Root
        collection={collection}
        value={[value]}
        onValueChange={(details) => {
          const next = details.value[0];
          if (next) onChange(next);
        }}
        onInputValueChange={(details) => {
          if (details.reason === 'input-change') setQuery(details.inputValue);
        }}
        onOpenChange={(details) => {
          if (details.open) setQuery('');
        }}
        openOnClick
        selectionBehavior="replace"
        positioning={{ sameWidth: true }}
        size="lg"
        disabled={disabled}
      >
        <Combobox.Label>
          Zona horaria
          <Field.RequiredIndicator />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input bg="surface" placeholder="Busca tu ciudad" spellCheck={false} autoComplete="off" />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger aria-label="Mostrar las zonas horarias" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="72" overflowY="auto">
              <Combobox.Empty px="3" py="2" color="text.muted">
                No hay ninguna zona horaria con ese nombre.
              </Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item key={item.value} item={item} alignItems="flex-start">
                  <Box flex="1" minW="0">
                    <Combobox.ItemText>{item.label}</Combobox.ItemText>
                    {item.detail ? (
                      <Text fontSize="xs" color="text.muted">
                        {item.detail}
                      </Text>
                    ) : null}
                  </Box>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
              {matches.length > MAX_SHOWN ? (
                <Text px="3" py="2" fontSize="xs" color="text.muted">
                  Hay {matches.length - MAX_SHOWN} zonas más: escribe para acotar la búsqueda.
                </Text>
              ) : null}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      <Field.HelperText color="text.muted">Escribe una ciudad o región, por ejemplo «Madrid» o «Mexico City». Define cuándo empieza tu día.</Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
