import { Box, Circle, Grid, Heading, Text } from '@chakra-ui/react';
import { BookIcon, ChatIcon, DumbbellIcon, HeadphonesIcon, StretchIcon, WindIcon } from './icons';
import { LinkTile, TileLink } from './link-tile';

const TILES = [
  {
    to: '/coaching',
    title: 'Coaching',
    description: 'Habla con tu coach sobre lo que te ocupa.',
    Icon: ChatIcon,
    tone: 'brand',
  },
  {
    to: '/breathing',
    title: 'Respiración',
    description: 'Técnicas guiadas para calmarte o enfocarte.',
    Icon: WindIcon,
    tone: 'sky',
  },
  {
    to: '/fitness',
    title: 'Fitness',
    description: 'Clases de 7 a 30 minutos, con o sin material.',
    Icon: DumbbellIcon,
    tone: 'sun',
  },
  {
    to: '/journaling',
    title: 'Journaling',
    description: 'Escribe cómo estás con la pregunta del día.',
    Icon: BookIcon,
    tone: 'sun',
  },
  {
    to: '/meditations',
    title: 'Audio Ascensos',
    description: 'Audios guiados en español, uno nuevo cada día.',
    Icon: HeadphonesIcon,
    tone: 'brand',
  },
  {
    to: '/active-breaks',
    title: 'Pausas Activas',
    description: 'Uno o dos minutos para mover el cuerpo.',
    Icon: StretchIcon,
    tone: 'sky',
  },
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
      <Grid
        as="ul"
        role="list"
        listStyleType="none"
        templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }}
        gap={{ base: '3', md: '4' }}
      >
        {TILES.map(({ to, title, description, Icon, tone }) => (
          <LinkTile key={to} p={{ base: '4', md: '5' }} _hover={{ boxShadow: 'raised', transform: 'translateY(-2px)' }}>
            <Circle size={{ base: '10', md: '12' }} bg={TONES[tone].bg} color={TONES[tone].color} mb="3">
              <Icon boxSize={{ base: '5', md: '6' }} aria-hidden="true" />
            </Circle>
            <Text fontWeight="700" color="heading" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.25">
              {/* The link covers the whole tile: one tab stop, the title as its name. */}
              <TileLink to={to}>{title}</TileLink>
            </Text>
            <Text mt="1" fontSize="sm" color="text.muted" lineHeight="1.45">
              {description}
            </Text>
          </LinkTile>
        ))}
      </Grid>
    </Box>
  );
}
