import { Button, Link, Stack, Text } from '@chakra-ui/react';
import type { AppRouter } from '@ascenso/api/router';
import type { inferRouterOutputs } from '@trpc/server';
import { PhoneIcon } from './icons';

/** A safety answer's category and helplines, as the API sends them (coaching.conversation, journaling.create). */
export type SafetyView = NonNullable<inferRouterOutputs<AppRouter>['coaching']['conversation']['messages'][number]['safety']>;
export type SafetyResource = SafetyView['resources'][number];

/** The calm blues of everything about getting help (the safety answer, its helplines, careful mode), set apart from coaching. */
export const SAFETY_COLORS = {
  ink: '#1d3557',
  inkHover: '#162a45',
  text: '#1f2a3a',
  muted: '#3a4a63',
  icon: '#2f4f7f',
  tint: '#f1f5fb',
  line: '#c6d6ec',
} as const;

/** A tinted box (the safety answer, the "I have seen the helplines" note). */
export const SAFETY_BOX = { bg: SAFETY_COLORS.tint, borderWidth: '1px', borderColor: SAFETY_COLORS.line } as const;
/** The filled button (the first helpline, "He leído los recursos"). */
export const SAFETY_BUTTON = { bg: SAFETY_COLORS.ink, color: 'white', _hover: { bg: SAFETY_COLORS.inkHover } } as const;
/** A helpline as a text link. */
export const SAFETY_LINK = { color: SAFETY_COLORS.ink, fontWeight: '600', textDecoration: 'underline' } as const;

/** Shown while a safety answer's helplines are still loading (the suicidal-ideation ones, the most common). */
export const DEFAULT_RESOURCES: SafetyResource[] = [
  {
    id: '024',
    label: 'Llamar al 024',
    href: 'tel:024',
    detail: 'Línea de atención a la conducta suicida: gratuita, confidencial y disponible las 24 horas.',
  },
  {
    id: '112',
    label: 'Emergencias: 112',
    href: 'tel:112',
    detail: 'Si tu vida o la de otra persona corre peligro ahora mismo.',
  },
  {
    id: 'abroad',
    label: 'findahelpline.com',
    href: 'https://findahelpline.com',
    detail: 'Fuera de España: llama al número de emergencias de tu país o busca aquí tu línea de ayuda.',
  },
];

/**
 * The helplines as tappable links: phone numbers as buttons (tel:), the first one filled, then the
 * other ways in (WhatsApp, e-mail, other countries) as plain links, each with one line of detail.
 */
export function SafetyResourceList({ resources }: { resources: readonly SafetyResource[] }) {
  const phones = resources.filter((r) => r.href.startsWith('tel:'));
  const others = resources.filter((r) => !r.href.startsWith('tel:'));
  return (
    <Stack gap="4" mt="5">
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="3" aria-label="Teléfonos de ayuda">
        {phones.map((resource, index) => (
          <Stack as="li" key={resource.id} gap="1" align="flex-start">
            <Button
              asChild
              type={undefined}
              borderRadius="full"
              {...(index === 0 ? SAFETY_BUTTON : { variant: 'outline', borderColor: SAFETY_COLORS.ink, color: SAFETY_COLORS.ink, bg: 'white' })}
            >
              <a href={resource.href} data-testid={`recurso-${resource.id}`}>
                <PhoneIcon />
                {resource.label}
              </a>
            </Button>
            <Text fontSize="sm" color={SAFETY_COLORS.muted}>
              {resource.detail}
            </Text>
          </Stack>
        ))}
      </Stack>
      {others.length ? (
        <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" aria-label="Otras formas de pedir ayuda">
          {others.map((resource) => (
            <Text as="li" key={resource.id} fontSize="sm" color={SAFETY_COLORS.text}>
              <Link
                href={resource.href}
                {...SAFETY_LINK}
                data-testid={`recurso-${resource.id}`}
                {...(resource.href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {resource.label}
              </Link>
              {' · '}
              {resource.detail}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
