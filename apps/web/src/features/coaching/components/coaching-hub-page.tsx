import { Box, Button, Checkbox, Grid, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArrowRightIcon, ChatIcon, ClipboardIcon, SparklesIcon, TargetIcon } from '#components/ui/icons';
import { errorMessage } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import { useDocumentTitle } from '#lib/use-document-title';
import { isNotFound } from '#lib/errors';
import { useCoachingProfileQuery, useCommitmentsQuery, useConversationsQuery, useSetCommitmentStatus, type Commitment } from '../api/coaching-api';
import { useStartSession } from '../hooks/use-start-session';
import { formatConversationDate } from '../utils/conversation';
import { AiDataNotice } from './ai-data-notice';
import { ConversationList } from './conversation-list';
import { PageFrame, SurfaceCard } from '#components/ui/page-frame';
import { IconHeading } from '#components/ui/icon-heading';
import { ErrorRetry, SkeletonList } from '#components/ui/query-states';
import { OfflineCoachNote } from './offline-coach-note';

const RECENT_LIMIT = 6;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** /coaching — start a chat or a session, recent conversations, the coach's style and open commitments. */
export function CoachingHubPage() {
  useDocumentTitle('Coaching');
  const { startSession, pending, error } = useStartSession();

  return (
    <PageFrame
      notice={<OfflineCoachNote />}
      maxW="5xl"
      title="Tu coach"
      description="Habla con tu coach cuando lo necesites o haz una sesión completa, paso a paso."
    >
      <Stack gap={{ base: '6', md: '8' }}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: '4', md: '5' }}>
          <ActionCard
            icon={<ChatIcon boxSize="6" />}
            title="Una conversación abierta"
            text="Piensa en voz alta, prepara una reunión o desbloquea algo concreto. Tu coach te pregunta antes de proponer."
            tone="brand"
          >
            <Button asChild type={undefined} colorPalette="brand" borderRadius="full" size="md">
              <RouterLink to="/coaching/chat">
                Hablar con tu coach
                <ArrowRightIcon />
              </RouterLink>
            </Button>
          </ActionCard>
          <ActionCard
            icon={<ClipboardIcon boxSize="6" />}
            title="Una sesión estructurada"
            text="Check-in, objetivo, exploración y compromisos. Al terminar tendrás un resumen y tus compromisos apuntados."
            tone="sun"
          >
            <Button
              colorPalette="brand"
              variant="outline"
              bg="surface"
              borderRadius="full"
              onClick={startSession}
              loading={pending}
              loadingText="Preparando la sesión..."
            >
              Empezar una sesión
              <ArrowRightIcon />
            </Button>
            {error ? (
              <Text role="alert" color="fg.error" fontSize="sm" mt="2">
                {error}
              </Text>
            ) : null}
          </ActionCard>
        </Grid>

        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1.3fr) minmax(0, 1fr)' }} gap={{ base: '4', md: '5' }} alignItems="start">
          <CommitmentsCard />
          <CoachStyleCard />
        </Grid>

        <RecentConversations />

        <AiDataNotice />
      </Stack>
    </PageFrame>
  );
}

/** An action card's colours: its border and background, and its icon's colour on the white tile. */
const ACTION_TONES = {
  brand: { borderColor: 'brand.100', bg: 'brand.50', icon: 'brand.700' },
  sun: { borderColor: 'sun.200', bg: 'sun.50', icon: 'sun.800' },
} as const;
type ActionTone = keyof typeof ACTION_TONES;

function ActionCard({ icon, title, text, tone, children }: { icon: ReactNode; title: string; text: string; tone: ActionTone; children: ReactNode }) {
  const colors = ACTION_TONES[tone];
  return (
    <Box
      as="section"
      aria-label={title}
      borderRadius="card"
      borderWidth="1px"
      borderColor={colors.borderColor}
      bg={colors.bg}
      p={{ base: '5', md: '6' }}
      display="flex"
      flexDirection="column"
      gap="3"
    >
      <Box as="span" display="inline-flex" alignSelf="flex-start" p="2.5" borderRadius="xl" bg="surface" color={colors.icon} aria-hidden="true">
        {icon}
      </Box>
      <Heading as="h2" fontSize="xl" color="heading">
        {title}
      </Heading>
      <Text color="ink.700" flex="1">
        {text}
      </Text>
      <Box>{children}</Box>
    </Box>
  );
}

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = `tarjeta-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <SurfaceCard as="section" aria-labelledby={id}>
      <IconHeading id={id} icon={icon}>
        {title}
      </IconHeading>
      {children}
    </SurfaceCard>
  );
}

function CommitmentsCard() {
  const user = useSignedInUser();
  const commitments = useCommitmentsQuery();
  const setStatus = useSetCommitmentStatus();
  const [announcement, setAnnouncement] = useState('');
  const [now] = useState(() => Date.now());

  const toggle = (commitment: Commitment, done: boolean) => {
    setStatus.mutate(
      { id: commitment.id, status: done ? 'done' : 'open' },
      {
        onSuccess: () => setAnnouncement(done ? `Compromiso hecho: ${commitment.text}` : `Compromiso abierto de nuevo: ${commitment.text}`),
        onError: (error) => setAnnouncement(errorMessage(error)),
      },
    );
  };

  // Open ones, plus those closed in the last week (so a tick can be undone).
  const visible = (commitments.data ?? []).filter(
    (c) => c.status === 'open' || (c.status === 'done' && c.closedAt !== null && now - c.closedAt.getTime() < WEEK_MS),
  );
  const open = visible.filter((c) => c.status === 'open').length;

  return (
    <Card title="Tus compromisos" icon={<TargetIcon boxSize="5" color="brand.700" aria-hidden="true" />}>
      {commitments.isPending ? (
        <SkeletonList count={2} h="10" borderRadius="lg" label="Cargando tus compromisos..." />
      ) : commitments.isError ? (
        <ErrorRetry query={commitments} size="sm" />
      ) : visible.length === 0 ? (
        <Text color="text.muted">Aún no tienes compromisos abiertos. Al cerrar una sesión, tu coach apunta aquí los pasos que decidas dar.</Text>
      ) : (
        <>
          <Text color="text.muted" fontSize="sm" mb="3">
            {open === 0 ? '¡Todo hecho! ' : `${open} ${open === 1 ? 'compromiso abierto' : 'compromisos abiertos'}. `}
            Márcalos cuando los cumplas.
          </Text>
          <Stack as="ul" listStyleType="none" gap="2" m="0" p="0" aria-label="Compromisos de tus sesiones">
            {visible.map((commitment) => {
              const done = commitment.status === 'done';
              return (
                <Box
                  as="li"
                  key={commitment.id}
                  borderWidth="1px"
                  borderColor={done ? 'brand.100' : 'border.soft'}
                  bg={done ? 'brand.50' : 'surface'}
                  borderRadius="lg"
                  px="3"
                  py="2.5"
                >
                  <Checkbox.Root
                    checked={done}
                    onCheckedChange={(details) => toggle(commitment, details.checked === true)}
                    disabled={setStatus.isPending && setStatus.variables?.id === commitment.id}
                    colorPalette="brand"
                    alignItems="flex-start"
                    gap="3"
                    width="full"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control mt="0.5" />
                    <Checkbox.Label fontWeight="500" color={done ? 'text.muted' : 'text'} textDecoration={done ? 'line-through' : 'none'} flex="1">
                      {commitment.text}
                      <Text as="span" display="block" fontSize="xs" color="text.muted" fontWeight="400" textDecoration="none">
                        {done ? 'Hecho' : `Desde ${formatConversationDate(commitment.createdAt, user.timezone)}`}
                      </Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                </Box>
              );
            })}
          </Stack>
        </>
      )}
      <Box role="status" aria-live="polite" srOnly>
        {announcement}
      </Box>
    </Card>
  );
}

function CoachStyleCard() {
  const profile = useCoachingProfileQuery();
  return (
    <Card title="Tu coach se adapta a ti" icon={<SparklesIcon boxSize="5" color="brand.700" aria-hidden="true" />}>
      {profile.isPending ? (
        <SkeletonList count={2} h="6" borderRadius="md" label="Cargando tu perfil..." />
      ) : profile.isError ? (
        <Text color="text.muted">
          {isNotFound(profile.error)
            ? 'Cuando completes tu evaluación, tu coach adaptará su estilo a ti.'
            : 'Ahora no podemos mostrar tu estilo de coaching. Tu coach sigue disponible.'}
        </Text>
      ) : (
        <Stack gap="3">
          <Box as="dl" display="grid" gap="3">
            <StyleRow label="Estilo de coaching" value={profile.data.preferredStyle.label} />
            <StyleRow label="Comunicación" value={profile.data.communicationStyle.label} />
          </Box>
          <Text fontSize="sm" color="text.muted">
            Lo elegiste en tu evaluación: tu coach lo usa para sus preguntas, propuestas y tu plan de cada día.
          </Text>
        </Stack>
      )}
    </Card>
  );
}

function StyleRow({ label, value }: { label: string; value: string }) {
  return (
    <Box bg="canvas" borderRadius="lg" px="3" py="2.5">
      <Text as="dt" fontSize="xs" textTransform="uppercase" letterSpacing="0.06em" color="text.muted" fontWeight="600">
        {label}
      </Text>
      <Text as="dd" fontWeight="600" color="heading" m="0">
        {value}
      </Text>
    </Box>
  );
}

function RecentConversations() {
  const conversations = useConversationsQuery();
  const items = (conversations.data ?? []).filter((c) => c.kind !== 'journal').slice(0, RECENT_LIMIT);
  return (
    <Box as="section" aria-labelledby="recientes">
      <HStack justify="space-between" align="baseline" mb="3" gap="3" flexWrap="wrap">
        <Heading as="h2" id="recientes" fontSize="lg" color="heading">
          Conversaciones y sesiones recientes
        </Heading>
        <Link asChild color="brand.700" fontWeight="600" fontSize="sm">
          <RouterLink to="/coaching/sessions">Ver todas tus sesiones</RouterLink>
        </Link>
      </HStack>
      {conversations.isPending ? (
        <SkeletonList count={3} gap="2.5" h="16" borderRadius="xl" label="Cargando tus conversaciones..." />
      ) : conversations.isError ? (
        <ErrorRetry query={conversations} size="sm" />
      ) : items.length === 0 ? (
        <Text color="text.muted" bg="surface" borderRadius="xl" borderWidth="1px" borderColor="border.soft" p="4">
          Todavía no has hablado con tu coach. Tu primera conversación aparecerá aquí.
        </Text>
      ) : (
        <ConversationList items={items} label="Conversaciones y sesiones recientes" />
      )}
    </Box>
  );
}
