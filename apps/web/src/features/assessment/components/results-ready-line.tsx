import { Box, Circle, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { CARD_SURFACE } from '#components/ui/card-surface';
import { ArrowRightIcon, CircleCheckIcon } from '#components/ui/icons';
import { useResultsNoticeQuery } from '../api/assessment-queries';

/**
 * Home's line after the assessment: the results are one step away until they have been opened once
 * (on any device; `assessment.resultsNotice`, which the page's bootstrap carries, so it never flashes).
 */
export function ResultsReadyLine() {
  const notice = useResultsNoticeQuery();
  if (!notice.data?.show) return null;
  return (
    <Box
      display="flex"
      flexDirection={{ base: 'column', sm: 'row' }}
      alignItems={{ base: 'flex-start', sm: 'center' }}
      gap={{ base: '3', sm: '4' }}
      {...CARD_SURFACE}
      borderColor="brand.200"
      px={{ base: '5', md: '6' }}
      py="4"
      data-testid="resultados-listos"
    >
      <Circle size="10" flexShrink={0} bg="brand.50" color="brand.700" display={{ base: 'none', sm: 'flex' }}>
        <CircleCheckIcon boxSize="5" />
      </Circle>
      <Box flex="1" minW="0">
        <Text fontWeight="700" color="heading">
          Ya están listos los resultados de tu evaluación.
        </Text>
        <Text color="text.muted" fontSize="sm">
          Tus fortalezas, lo que te da y te quita energía y cómo te acompañará tu coach.
        </Text>
      </Box>
      <Link
        asChild
        display="inline-flex"
        alignItems="center"
        gap="1.5"
        flexShrink={0}
        fontWeight="700"
        color="brand.800"
        borderRadius="md"
        minH="10"
        textDecoration="underline"
        textUnderlineOffset="3px"
        _hover={{ color: 'brand.900' }}
      >
        <RouterLink to="/assessment/results">
          Ver tus resultados
          <ArrowRightIcon boxSize="4" />
        </RouterLink>
      </Link>
    </Box>
  );
}
