import { COACH_MESSAGE_COUNTER_FROM, COACH_MESSAGE_MAX_LENGTH } from '@ascenso/domain/coaching';
import { Box, Button, HStack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { canSend, composerKeyAction, preventsDefault } from '../utils/composer-keys';
import { SendIcon, StopIcon } from '#components/ui/icons';

export interface MessageComposerProps {
  /** Accessible name of the text box. */
  label: string;
  placeholder?: string;
  /** Resolves false when the message could not be sent: the text comes back into the box. */
  onSend: (text: string) => Promise<boolean>;
  /** An answer is streaming: the button turns into "Detener" and sending waits. */
  streaming: boolean;
  onStop: () => void;
  /** The conversation cannot continue (safety pause, closed): the box is disabled and `note` says why. */
  disabled?: boolean;
  note?: ReactNode;
  error?: string | null;
  /** Keep the box in view at the bottom of the screen while the conversation scrolls. */
  sticky?: boolean;
  /** Text the box starts with (e.g. a first message that could not be sent). */
  defaultText?: string;
}

/**
 * The message box shared by the chat, the sessions and the journaling chat. Enter sends and
 * Shift+Enter adds a line (spec §2); one button is "Enviar" or, while the coach answers, "Detener"
 * (the same element, so keyboard focus stays put).
 */
export function MessageComposer({
  label,
  placeholder,
  onSend,
  streaming,
  onStop,
  disabled = false,
  note,
  error,
  sticky = false,
  defaultText = '',
}: MessageComposerProps) {
  const [text, setText] = useState(defaultText);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const hintId = `${id}-ayuda`;
  const noteId = `${id}-nota`;
  const errorId = `${id}-error`;
  const counterId = `${id}-caracteres`;
  const showCounter = text.length >= COACH_MESSAGE_COUNTER_FROM;

  // When the answer ends while focus is on "Detener", the button may become a disabled "Enviar":
  // move focus to the box instead of leaving it on a disabled control.
  const wasStreaming = useRef(streaming);
  useEffect(() => {
    if (wasStreaming.current && !streaming && document.activeElement === buttonRef.current && !canSend(text)) {
      textareaRef.current?.focus();
    }
    wasStreaming.current = streaming;
  }, [streaming, text]);

  const submit = async () => {
    if (disabled || streaming || !canSend(text)) return;
    const value = text.trim();
    setText('');
    const sent = await onSend(value);
    if (!sent) setText((current) => (current.length > 0 ? current : value));
    textareaRef.current?.focus();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const input = {
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
      text,
      blocked: disabled || streaming,
    };
    if (preventsDefault(input)) event.preventDefault();
    if (composerKeyAction(input) === 'send') void submit();
  };

  const handleStop = () => {
    onStop();
    textareaRef.current?.focus();
  };

  const describedBy = [disabled && note ? noteId : null, error ? errorId : null, showCounter ? counterId : null, hintId].filter(Boolean).join(' ');

  return (
    <Box
      as="form"
      onSubmit={handleSubmit}
      position={sticky ? 'sticky' : 'static'}
      bottom={sticky ? '0' : undefined}
      zIndex={sticky ? '1' : undefined}
      bg={sticky ? 'canvas' : undefined}
      pt="3"
      pb={sticky ? '4' : '0'}
    >
      {disabled && note ? (
        <Box id={noteId} mb="3">
          {note}
        </Box>
      ) : null}
      <Box
        borderWidth="1px"
        borderColor="ink.200"
        borderRadius="2xl"
        boxShadow="card"
        px="3"
        pt="2"
        pb="2"
        _focusWithin={{ borderColor: 'brand.600', boxShadow: '0 0 0 1px var(--chakra-colors-brand-600)' }}
        bgColor={disabled ? 'ink.50' : 'surface'}
      >
        <chakra.label htmlFor={`${id}-texto`} srOnly>
          {label}
        </chakra.label>
        <Textarea
          ref={textareaRef}
          id={`${id}-texto`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          maxLength={COACH_MESSAGE_MAX_LENGTH}
          placeholder={placeholder}
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          autoresize
          rows={2}
          maxH="200px"
          border="none"
          px="1"
          fontSize="md"
          color="text"
          _placeholder={{ color: 'ink.500' }}
          _focusVisible={{ outline: 'none', boxShadow: 'none' }}
          _disabled={{ cursor: 'not-allowed' }}
        />
        <HStack justify="space-between" gap="3" pt="1">
          <Text id={hintId} fontSize="xs" color="text.muted" hideBelow="sm">
            Enter para enviar · Mayús+Enter para una línea nueva
          </Text>
          {showCounter ? (
            <Text id={counterId} fontSize="xs" color={text.length >= COACH_MESSAGE_MAX_LENGTH ? 'fg.error' : 'text.muted'} aria-live="polite">
              {text.length} de {COACH_MESSAGE_MAX_LENGTH} caracteres
            </Text>
          ) : null}
          <Button
            ref={buttonRef}
            type={streaming ? 'button' : 'submit'}
            onClick={streaming ? handleStop : undefined}
            disabled={!streaming && (disabled || !canSend(text))}
            colorPalette={streaming ? 'sun' : 'brand'}
            variant="solid"
            size="sm"
            borderRadius="full"
            px="4"
            ml="auto"
            flexShrink={0}
          >
            {streaming ? <StopIcon /> : <SendIcon />}
            {streaming ? 'Detener' : 'Enviar'}
          </Button>
        </HStack>
      </Box>
      {error ? (
        <Text id={errorId} role="alert" mt="2" fontSize="sm" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
