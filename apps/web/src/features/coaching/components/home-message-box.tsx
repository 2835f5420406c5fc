import { Box, Button, HStack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SendIcon } from '#components/ui/icons';
import { appendDraft, useMessageDrafts } from '#lib/voice-entry';
import { canSend, composerKeyAction, preventsDefault } from '../utils/composer-keys';
import { browserSessionStorage, storeInitialMessage } from '../utils/initial-message';
import { PLACEHOLDER_ROTATION_MS, nextPlaceholderIndex, placeholderAt, shouldRotatePlaceholder } from '../utils/placeholder-topics';

/**
 * Home's large message box (spec §2): a placeholder that rotates every 4 s through eight topics, a
 * box that grows with its content up to 200 px, Enter to send and Shift+Enter for a new line.
 * Sending hands the text to /coaching/chat through session storage. A voice transcript (lib/voice-entry.ts)
 * lands here to be edited; it is sent only when the person sends it.
 */
export function HomeMessageBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [topic, setTopic] = useState(0);
  const rotating = shouldRotatePlaceholder(text);
  const box = useRef<HTMLTextAreaElement>(null);

  useMessageDrafts((draft) => {
    if (draft.text !== null) setText((current) => appendDraft(current, draft.text ?? ''));
    // After the dialog has closed: the caret at the end of the text.
    window.requestAnimationFrame(() => {
      const element = box.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    });
  });

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setTopic((index) => nextPlaceholderIndex(index)), PLACEHOLDER_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  const send = () => {
    if (!canSend(text)) return;
    const storage = browserSessionStorage();
    if (storage) storeInitialMessage(storage, text.trim());
    void navigate('/coaching/chat');
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const input = { key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing, text };
    if (preventsDefault(input)) event.preventDefault();
    if (composerKeyAction(input) === 'send') send();
  };

  return (
    <Box as="form" onSubmit={handleSubmit} aria-label="Habla con tu coach" mt={{ base: '6', md: '8' }}>
      <Box
        bg="surface"
        borderWidth="1px"
        borderColor="brand.100"
        borderRadius="2xl"
        boxShadow="raised"
        p={{ base: '3', md: '4' }}
        _focusWithin={{
          borderColor: 'brand.600',
          boxShadow: '0 0 0 1px var(--chakra-colors-brand-600), var(--chakra-shadows-raised)',
        }}
      >
        <chakra.label htmlFor="mensaje-inicio" srOnly>
          Tu mensaje para tu coach
        </chakra.label>
        <Textarea
          id="mensaje-inicio"
          ref={box}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={placeholderAt(topic)}
          aria-describedby="mensaje-inicio-ayuda"
          autoresize
          rows={3}
          maxH="200px"
          border="none"
          px="1"
          fontSize={{ base: 'md', md: 'lg' }}
          color="text"
          _placeholder={{ color: 'ink.500' }}
          _focusVisible={{ outline: 'none', boxShadow: 'none' }}
        />
        <HStack justify="space-between" gap="3" pt="2">
          <Text id="mensaje-inicio-ayuda" fontSize="xs" color="text.muted" hideBelow="sm">
            Enter para enviar · Mayús+Enter para una línea nueva
          </Text>
          <Button type="submit" colorPalette="brand" borderRadius="full" disabled={!canSend(text)} px="5" ml="auto" flexShrink={0}>
            <SendIcon />
            Enviar
          </Button>
        </HStack>
      </Box>
    </Box>
  );
}
