import { Box, Circle, Grid, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { BookIcon, ChatIcon, DumbbellIcon, HeadphonesIcon, StretchIcon, WindIcon } from './icons';

const TILES = [
  { to: '/coaching', title: 'Coaching', description: 'Habla con tu coach sobre lo que te ocupa.', Icon: ChatIcon, tone: 'brand' },
  { to: '/breathing', title: 'Respiración', description: 'Técnicas guiadas para calmarte o enfocarte.', Icon: WindIcon, tone: 'sky' },
  { to: '/fitness', title: 'Fitness', description: 'Clases de 7 a 30 minutos, con o sin material.', Icon: DumbbellIcon, tone: 'sun' },
  { to: '/journaling', title: 'Journaling', description: 'Escribe cómo estás con la pregunta del día.', Icon: BookIcon, tone: 'sun' },
  { to: '/meditations', title: 'Audio Ascensos', description: 'Audios guiados en español, uno nuevo cada día.', Icon: HeadphonesIcon, tone: 'brand' },
  { to: '/active-breaks', title: 'Pausas Activas', description: 'Uno o dos minutos para mover el cuerpo.', Icon: StretchIcon, tone: 'sky' },
] as const;

const TONES = {
  brand: { bg: 'brand.50', color: 'brand.700' },
  sun: { bg: 'sun.100', color: 'sun.800' },
  sky: { bg: 'ink.100', color: 'ink.800' },
} as const;

/** Home's "Actividades de bienestar" grid (spec §2): six tiles, each a link with an icon and one line. */
export function WellbeingGrid({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <Box as="section" aria-labelledby="actividades-bienestar">
      <Heading as={headingLevel} id="actividades-bienestar" fontSize={{ base: 'xl', md: '2xl' }} color="heading" mb="4">
        Actividades de bienestar
      </Heading>
      <Grid as="ul" role="list" listStyleType="none" templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }} gap={{ base: '3', md: '4' }}>
        {TILES.map(({ to, title, description, Icon, tone }) => (
          <Box
            as="li"
            key={to}
            position="relative"
            bg="surface"
            borderWidth="1px"
            borderColor="border.soft"
            borderRadius="card"
            boxShadow="card"
            p={{ base: '4', md: '5' }}
            transition="box-shadow 0.2s, transform 0.2s"
            _hover={{ boxShadow: 'raised', transform: 'translateY(-2px)' }}
            _focusWithin={{ boxShadow: 'raised' }}
          >
            <Circle size={{ base: '10', md: '12' }} bg={TONES[tone].bg} color={TONES[tone].color} mb="3">
              <Icon boxSize={{ base: '5', md: '6' }} aria-hidden="true" />
            </Circle>
            <Text fontWeight="700" color="heading" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.25">
              {/* The link covers the whole tile: one tab stop, the title as its name. */}
              <Link
                asChild
                color="inherit"
                textDecoration="none"
                _hover={{ textDecoration: 'underline' }}
                css={{ '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'card' } }}
              >
                <RouterLink to={to}>{title}</RouterLink>
              </Link>
            </Text>
            <Text mt="1" fontSize="sm" color="text.muted" lineHeight="1.45">
              {description}
            </Text>
          </Box>
        ))}
      </Grid>
    </Box>
  );
}
