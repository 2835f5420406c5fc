import { Heading, List, Text, type HeadingProps, type TextProps } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';

/** The small uppercase label above a heading ("Hecho para ti", "Administración"). Props override the look. */
export function Eyebrow(props: TextProps) {
  return <Text {...EYEBROW} {...props} />;
}

const EYEBROW = {
  fontSize: 'sm',
  fontWeight: '700',
  color: 'brand.700',
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
} as const;

/** A large section heading (landing sections, result headers). Props override the size and colour. */
export function DisplayHeading(props: HeadingProps) {
  return <Heading fontSize={{ base: '3xl', md: '4xl' }} lineHeight="1.15" letterSpacing="-0.025em" color="heading" {...props} />;
}

/** A plain list whose items start with an icon (the hero's claims, the sign-in page's reasons). */
export function IconList({
  items,
  icon: Icon,
  label,
  itemProps,
  ...rootProps
}: {
  items: readonly ReactNode[];
  icon: ComponentType<{ boxSize?: string }>;
  label?: string;
  itemProps?: List.ItemProps;
} & List.RootProps) {
  return (
    <List.Root variant="plain" aria-label={label} {...rootProps}>
      {items.map((item, index) => (
        <List.Item key={index} alignItems="center" color="hero.text" {...itemProps}>
          <List.Indicator asChild color="sun.300">
            <Icon boxSize="5" />
          </List.Indicator>
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}
