import { Box, HStack, IconButton, Spinner, Text, chakra } from '@chakra-ui/react';
import type { KeyboardEvent } from 'react';
import { PauseIcon, PlayIcon } from '#components/ui/icons';
import { clockTime, spokenDuration } from '#lib/format-time';
import { Tooltip } from '#components/ui/tooltip';

/** The round play/pause button. Its name says what it does and to which audio. */
export function PlayPauseButton({
  action,
  disabled,
  buffering,
  audioTitle,
  onClick,
  size = 'lg',
  tone = 'light',
}: {
  action: 'play' | 'pause';
  disabled: boolean;
  buffering: boolean;
  audioTitle: string;
  onClick: () => void;
  size?: 'md' | 'lg';
  tone?: 'light' | 'dark';
}) {
  const label = disabled ? `«${audioTitle}» no está disponible ahora` : action === 'pause' ? `Pausar «${audioTitle}»` : `Reproducir «${audioTitle}»`;
  const dimension = size === 'lg' ? '16' : '12';
  return (
    <Tooltip content={label}>
      <IconButton
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        borderRadius="full"
        w={dimension}
        h={dimension}
        minW={dimension}
        bg={tone === 'dark' ? 'sun.300' : 'brand.700'}
        color={tone === 'dark' ? 'brand.950' : 'white'}
        _hover={{ bg: tone === 'dark' ? 'sun.200' : 'brand.800' }}
        boxShadow="raised"
        flexShrink={0}
      >
        {buffering ? (
          <Spinner size="sm" aria-hidden="true" />
        ) : action === 'pause' ? (
          <PauseIcon boxSize={size === 'lg' ? '6' : '5'} />
        ) : (
          <PlayIcon boxSize={size === 'lg' ? '6' : '5'} ms="0.5" />
        )}
      </IconButton>
    </Tooltip>
  );
}

/** A thin, non-interactive progress line with elapsed and remaining time. */
export function ProgressLine({ position, duration, tone = 'light' }: { position: number; duration: number; tone?: 'light' | 'dark' }) {
  const share = duration > 0 ? Math.min(1, position / duration) : 0;
  return (
    <Box>
      <Box h="1.5" borderRadius="full" bg={tone === 'dark' ? 'whiteAlpha.300' : 'ink.100'} overflow="hidden" aria-hidden="true">
        <Box h="full" w={`${share * 100}%`} bg={tone === 'dark' ? 'sun.300' : 'brand.600'} borderRadius="full" />
      </Box>
      <HStack justify="space-between" mt="1.5" fontSize="sm" color={tone === 'dark' ? 'hero.muted' : 'text.muted'} fontVariantNumeric="tabular-nums">
        <Text>
          <chakra.span srOnly>Transcurrido: </chakra.span>
          {clockTime(position)}
        </Text>
        <Text>
          <chakra.span srOnly>Restante: </chakra.span>-{clockTime(Math.max(0, duration - position))}
        </Text>
      </HStack>
    </Box>
  );
}

/**
 * The seek bar: a native range input (arrow keys move 5 s, Page Up/Down 30 s, Home/End the ends),
 * announced as "1:05 de 4:00".
 */
export function SeekBar({
  position,
  duration,
  disabled,
  onSeek,
}: {
  position: number;
  duration: number;
  disabled: boolean;
  onSeek: (seconds: number) => void;
}) {
  const max = Math.max(1, Math.round(duration));
  const value = Math.min(max, Math.round(position));
  const share = (value / max) * 100;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: 5,
      ArrowUp: 5,
      ArrowLeft: -5,
      ArrowDown: -5,
      PageUp: 30,
      PageDown: -30,
    };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      onSeek(Math.min(max, Math.max(0, position + step)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onSeek(event.key === 'Home' ? 0 : max);
    }
  };

  return (
    <Box>
      <chakra.input
        type="range"
        min={0}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        aria-label="Posición del audio"
        aria-valuetext={`${spokenDuration(value)} de ${spokenDuration(max)}`}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        onKeyDown={onKeyDown}
        w="full"
        h="6"
        bg="transparent"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        appearance="none"
        borderRadius="full"
        css={{
          '--share': `${share}%`,
          '&::-webkit-slider-runnable-track': {
            height: '6px',
            borderRadius: '999px',
            background: 'linear-gradient(to right, var(--chakra-colors-brand-600) var(--share), var(--chakra-colors-ink-200) var(--share))',
          },
          '&::-moz-range-track': { height: '6px', borderRadius: '999px', background: 'var(--chakra-colors-ink-200)' },
          '&::-moz-range-progress': {
            height: '6px',
            borderRadius: '999px',
            background: 'var(--chakra-colors-brand-600)',
          },
          '&::-webkit-slider-thumb': {
            appearance: 'none',
            width: '18px',
            height: '18px',
            marginTop: '-6px',
            borderRadius: '999px',
            background: 'var(--chakra-colors-brand-700)',
            border: '3px solid white',
            boxShadow: '0 1px 4px rgba(19,24,34,0.35)',
          },
          '&::-moz-range-thumb': {
            width: '14px',
            height: '14px',
            borderRadius: '999px',
            background: 'var(--chakra-colors-brand-700)',
            border: '3px solid white',
          },
          '&:focus-visible': { outline: '3px solid var(--chakra-colors-brand-600)', outlineOffset: '4px' },
        }}
      />
      <HStack justify="space-between" mt="1" fontSize="sm" color="text.muted" fontVariantNumeric="tabular-nums" aria-hidden="true">
        <Text>{clockTime(position)}</Text>
        <Text>-{clockTime(Math.max(0, duration - position))}</Text>
      </HStack>
    </Box>
  );
}
