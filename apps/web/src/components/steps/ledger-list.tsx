import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { isLimitEntry, reasonText, signedSteps } from '#lib/steps/ledger';

export interface LedgerItem {
  id: string;
  kind: 'completion' | 'adjustment';
  at: Date;
  label: string;
  steps: number;
  reason: string;
}

const PAGE = 15;

const DATE_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };

/** Dates in the user's time zone; an unknown zone falls back to the browser's. */
function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('es-ES', { ...DATE_TIME, timeZone });
  } catch {
    return new Intl.DateTimeFormat('es-ES', DATE_TIME);
  }
}

/**
 * The step ledger: every completion and adjustment with what it earned and why (newest first),
 * revealed a page at a time.
 */
export function LedgerList({ entries, timeZone, emptyText }: { entries: readonly LedgerItem[]; timeZone: string; emptyText: string }) {
  const [shown, setShown] = useState(PAGE);
  const listRef = useRef<HTMLOListElement>(null);
  const format = dateTimeFormat(timeZone);

  if (entries.length === 0) return <Text color="text.muted">{emptyText}</Text>;

  const showMore = () => {
    const firstNew = shown;
    setShown((current) => current + PAGE);
    // Keyboard users continue from the first newly shown entry.
    requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLElement>('li')[firstNew]?.focus());
  };

  return (
    <Stack gap="3">
      <Box as="ol" ref={listRef} listStyleType="none" display="grid" gap="0" aria-label="Movimientos de pasos">
        {entries.slice(0, shown).map((entry) => {
          const reason = reasonText(entry);
          const limit = isLimitEntry(entry);
          return (
            <Box
              as="li"
              key={entry.id}
              tabIndex={-1}
              display="flex"
              justifyContent="space-between"
              alignItems="flex-start"
              gap="3"
              py="3"
              borderBottomWidth="1px"
              borderColor="border.soft"
              _last={{ borderBottomWidth: 0 }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px' }}
            >
              <Box minW="0">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="600" color="heading">
                    {entry.label}
                  </Text>
                  {entry.kind === 'adjustment' ? (
                    <Badge colorPalette="purple" variant="subtle" borderRadius="full">
                      Ajuste
                    </Badge>
                  ) : null}
                </HStack>
                {reason ? (
                  limit ? (
                    <Badge mt="1" bg="sun.100" color="sun.900" borderRadius="full" px="2" textTransform="none" fontWeight="600">
                      {reason.charAt(0).toUpperCase() + reason.slice(1)}
                    </Badge>
                  ) : (
                    <Text fontSize="sm" color="text" overflowWrap="anywhere">
                      {reason}
                    </Text>
                  )
                ) : null}
                <Text fontSize="sm" color="text.muted">
                  <time dateTime={entry.at.toISOString()}>{format.format(entry.at)}</time>
                </Text>
              </Box>
              <Text
                flexShrink={0}
                fontWeight="700"
                fontVariantNumeric="tabular-nums"
                color={entry.steps > 0 ? 'brand.700' : entry.steps < 0 ? 'red.700' : 'text.muted'}
              >
                {signedSteps(entry.steps)}{' '}
                <Text as="span" fontWeight="400" fontSize="sm">
                  {Math.abs(entry.steps) === 1 ? 'paso' : 'pasos'}
                </Text>
              </Text>
            </Box>
          );
        })}
      </Box>
      {shown < entries.length ? (
        <Button alignSelf="flex-start" size="sm" variant="outline" borderRadius="full" onClick={showMore}>
          Mostrar más ({entries.length - shown} restantes)
        </Button>
      ) : null}
    </Stack>
  );
}
