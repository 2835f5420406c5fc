import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRightIcon, CircleCheckIcon } from '#components/ui/icons';
import { SUCCESS_MESSAGES, SUCCESS_MESSAGE_ROTATION_MS, SUCCESS_SCREEN_MS, rotatingIndex } from '../utils/timing';

/** `?success=true`: "Excelente trabajo" for 10 s, a new message every 2 s, then Home (spec §2, §9). */
export function SuccessScreen() {
  const navigate = useNavigate();
  const [elapsed, setElapsed] = useState(0);
  const done = useRef(false);

  const goHome = useCallback(() => {
    if (done.current) return;
    done.current = true;
    void navigate('/', { replace: true });
  }, [navigate]);

  useEffect(() => {
    const started = Date.now();
    const tick = setInterval(() => setElapsed(Date.now() - started), SUCCESS_MESSAGE_ROTATION_MS);
    const timer = setTimeout(goHome, SUCCESS_SCREEN_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [goHome]);

  const message = SUCCESS_MESSAGES[rotatingIndex(elapsed, SUCCESS_MESSAGES.length)];

  return (
    <Center as="section" aria-labelledby="excelente-trabajo" minH="70dvh" px="6" py="12">
      <VStack gap="6" maxW="lg" textAlign="center">
        <CircleCheckIcon boxSize="16" color="brand.600" aria-hidden="true" />
        <Heading as="h1" id="excelente-trabajo" fontSize={{ base: '4xl', md: '5xl' }} letterSpacing="-0.03em" color="heading">
          Excelente trabajo
        </Heading>
        <Text role="status" fontSize={{ base: 'lg', md: 'xl' }} color="ink.700" minH="8">
          <Text as="span" key={message} display="inline-block" animation="fade-in 400ms ease-out" _motionReduce={{ animation: 'none' }}>
            {message}
          </Text>
        </Text>
        <Button onClick={goHome} variant="outline" size="lg" borderRadius="full">
          Ir al inicio
          <ArrowRightIcon />
        </Button>
      </VStack>
    </Center>
  );
}
