import type { IconProps } from '@chakra-ui/react';
import { EyeIcon, HandIcon, LegsIcon, NeckIcon, ShouldersIcon, SpineIcon, WindIcon } from '../../../../components/ui/icons';

const ICONS = {
  cuello: NeckIcon,
  espalda: SpineIcon,
  ojos: EyeIcon,
  muñecas: HandIcon,
  piernas: LegsIcon,
  respiracion: WindIcon,
  hombros: ShouldersIcon,
} as const;

/** Decorative glyph for an active break's body area. */
export function BreakIcon({ tag, ...props }: { tag: string } & IconProps) {
  const Icon = (ICONS as Record<string, typeof NeckIcon | undefined>)[tag] ?? ShouldersIcon;
  return <Icon aria-hidden="true" {...props} />;
}
