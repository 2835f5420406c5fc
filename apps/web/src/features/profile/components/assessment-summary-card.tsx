import { Box, HStack, Skeleton, Stack, Tag, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ArrowRightIcon } from '#components/ui/icons';
import { useCoachingProfileQuery } from '#lib/coaching-queries';
import { isNotFound } from '#lib/errors';
import { ProfileCard } from './profile-card';
import { RetryAlert } from '#components/ui/retry-alert';
import { ButtonLink } from '#components/ui/button-link';

/** "Tu evaluación": role, goals and coaching style from `assessment.profile`, with links to redo or review it. */
export function AssessmentSummaryCard() {
  const profile = useCoachingProfileQuery();
  const missing = profile.isError && isNotFound(profile.error);

  return (
    <ProfileCard id="perfil-evaluacion" title="Tu evaluación" description="Lo que contaste en tu evaluación y que tu coach usa para adaptar sus propuestas.">
      {profile.data ? (
        <Stack gap="5">
          <Box as="dl" display="grid" gap="4">
            <Item label="Tu rol">
              <Text>{profile.data.role || 'Sin indicar'}</Text>
            </Item>
            <Item label="Tus objetivos">
              {profile.data.goals.length > 0 ? (
                <HStack as="ul" listStyleType="none" gap="2" flexWrap="wrap">
                  {profile.data.goals.map((goal) => (
                    <Tag.Root as="li" key={goal.value} size="lg" colorPalette="brand" variant="subtle" borderRadius="full">
                      <Tag.Label>{goal.label}</Tag.Label>
                    </Tag.Root>
                  ))}
                </HStack>
              ) : (
                <Text color="text.muted">Sin indicar</Text>
              )}
            </Item>
            <Item label="Estilo de coaching">
              <Text>{profile.data.preferredStyle.label}</Text>
            </Item>
          </Box>
          <Links hasAssessment />
        </Stack>
      ) : missing ? (
        <Stack gap="4" align="flex-start">
          <Text>Aún no has hecho tu evaluación. Son unos minutos y tu coach la usará para conocer tu contexto y tus objetivos.</Text>
          <Links hasAssessment={false} />
        </Stack>
      ) : profile.isError ? (
        <RetryAlert what="No hemos podido cargar tu evaluación." query={profile} />
      ) : (
        <Stack gap="3" aria-busy="true">
          <Skeleton h="6" w="60%" />
          <Skeleton h="8" />
          <Text srOnly>Cargando tu evaluación...</Text>
        </Stack>
      )}
    </ProfileCard>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '10rem 1fr' }} gap={{ base: '1', sm: '3' }} alignItems="baseline">
      <Text as="dt" color="text.muted" fontSize="sm" fontWeight="600">
        {label}
      </Text>
      <Box as="dd">{children}</Box>
    </Box>
  );
}

function Links({ hasAssessment }: { hasAssessment: boolean }) {
  return (
    <HStack gap="3" flexWrap="wrap">
      {hasAssessment ? (
        <ButtonLink to="/assessment/results" colorPalette="brand" size="sm">
          Ver tus resultados
          <ArrowRightIcon />
        </ButtonLink>
      ) : null}
      <ButtonLink to="/assessment" variant={hasAssessment ? 'outline' : 'solid'} colorPalette="brand" size="sm">
        {hasAssessment ? 'Rehacer la evaluación' : 'Hacer la evaluación'}
      </ButtonLink>
    </HStack>
  );
}
