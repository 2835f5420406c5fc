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

type Glyph = typeof FootprintsIcon;

/** A decorative glyph looked up by name in `glyphs`; an unknown name shows `fallback`. */
export function NamedGlyph({ glyphs, name, fallback, ...props }: { glyphs: Partial<Record<string, Glyph>>; name: string; fallback: Glyph } & IconProps) {
  const Icon = glyphs[name] ?? fallback;
  return <Icon aria-hidden="true" {...props} />;
}

/** Decorative glyph for an activity; unknown names fall back to footprints. */
export function ActivityIcon({ name, ...props }: { name: string } & IconProps) {
  return <NamedGlyph glyphs={ACTIVITY_ICONS} name={name} fallback={FootprintsIcon} {...props} />;
}
