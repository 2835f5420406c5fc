import { chakra } from '@chakra-ui/react';

/** "Saltar al contenido": first focusable element; visible only when focused. */
export function SkipLink({ targetId = 'contenido' }: { targetId?: string }) {
  return (
    <chakra.a
      href={`#${targetId}`}
      position="absolute"
      top="3"
      left="3"
      zIndex="skipNav"
      px="4"
      py="2"
      borderRadius="md"
      bg="brand.900"
      color="white"
      fontWeight="600"
      transform="translateY(-200%)"
      _focusVisible={{
        transform: 'translateY(0)',
        outline: '3px solid',
        outlineColor: 'sun.300',
        outlineOffset: '2px',
      }}
    >
      Saltar al contenido
    </chakra.a>
  );
}
