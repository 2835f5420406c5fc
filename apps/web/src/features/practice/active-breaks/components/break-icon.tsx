import type { IconProps } from '@chakra-ui/react';
import { NamedGlyph } from '#components/ui/activity-icon';
import { EyeIcon, HandIcon, LegsIcon, NeckIcon, ShouldersIcon, SpineIcon, WindIcon } from '#components/ui/icons';

const ICONS = {
  cuello: NeckIcon,
  espalda: SpineIcon,
  ojos: EyeIcon,
  muñecas: HandIcon,
  piernas: LegsIcon,
  respiracion: WindIcon,
  hombros: ShouldersIcon,
} as const;

/** Decorative glyph for an active break's body area (unknown areas: shoulders). */
export function BreakIcon({ tag, ...props }: { tag: string } & IconProps) {
  return <NamedGlyph glyphs={ICONS} name={tag} fallback={ShouldersIcon} {...props} />;
}
