import type { IconProps } from '@chakra-ui/react';
import { BookIcon, ChatIcon, ClipboardIcon, CompassIcon, DumbbellIcon, FootprintsIcon, HeadphonesIcon, StretchIcon, WindIcon } from './icons';

/** The catalogue's icon names (activities.catalogue `icon`) and their glyphs. */
const ACTIVITY_ICONS = {
  stretch: StretchIcon,
  wind: WindIcon,
  headphones: HeadphonesIcon,
  notebook: BookIcon,
  message: ChatIcon,
  compass: CompassIcon,
  dumbbell: DumbbellIcon,
  clipboard: ClipboardIcon,
} as const;

/** Decorative glyph for an activity; unknown names fall back to footprints. */
export function ActivityIcon({ name, ...props }: { name: string } & IconProps) {
  const Icon = (ACTIVITY_ICONS as Record<string, typeof FootprintsIcon | undefined>)[name] ?? FootprintsIcon;
  return <Icon aria-hidden="true" {...props} />;
}
