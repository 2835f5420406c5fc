import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { HeartHandIcon, PhoneIcon } from '../../../components/ui/icons';

/**
 * The coach's safety answer to a crisis message: calm, distinct from coaching, with the helplines
 * one tap away (024 and 112 in Spain; the text also covers other countries).
 */
export function SafetyPanel({ content }: { content: string }) {
  const titleId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={titleId}
      data-testid="panel-seguridad"
      bg="#f1f5fb"
      borderWidth="1px"
      borderColor="#c6d6ec"
      borderRadius="card"
      px={{ base: '5', md: '6' }}
      py={{ base: '5', md: '6' }}
    >
      <HStack gap="3" mb="3">
        <Box as="span" display="inline-flex" p="2" borderRadius="full" bg="white" color="#2f4f7f" aria-hidden="true">
          <HeartHandIcon boxSize="5" />
        </Box>
        <Heading as="h2" id={titleId} fontSize="lg" color="#1d3557">
          Ahora lo importante eres tú
        </Heading>
      </HStack>
      <Text color="#1f2a3a" whiteSpace="pre-wrap">
        {content}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="5">
        <Button asChild type={undefined} bg="#1d3557" color="white" _hover={{ bg: '#162a45' }} borderRadius="full">
          <a href="tel:024">
            <PhoneIcon />
            Llamar al 024
          </a>
        </Button>
        <Button asChild type={undefined} variant="outline" borderColor="#1d3557" color="#1d3557" borderRadius="full" bg="white">
          <a href="tel:112">
            <PhoneIcon />
            Emergencias: 112
          </a>
        </Button>
      </Stack>
      <Text mt="4" fontSize="sm" color="#3a4a63">
        024 es la línea de atención a la conducta suicida: gratuita, confidencial y disponible las 24 horas.
      </Text>
    </Box>
  );
}
