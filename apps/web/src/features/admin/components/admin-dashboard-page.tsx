import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { Badge, Box, Circle, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { formatSteps } from '#lib/steps/format-steps';
import { useSignedInUser } from '#lib/session';
import { BarChart } from '#components/charts/bar-chart';
import { CARD_SURFACE } from '#components/ui/card-surface';
import { localDayIn, longDay, shortDay } from '#lib/chart';
import { isForbidden, useOverviewQuery, type AdminOverview } from '../api/admin-api';
import { buildCompletionSeries, buildFailureSeries, buildUsageSeries } from '../utils/series';
import { adminOnly } from './admin-only';
import { AdminCard, AdminFrame } from './admin-frame';
import { ForbiddenPage } from './forbidden-page';
import { UsersList } from './users-list';
import { RetryAlert } from '#components/ui/retry-alert';

const percent = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** /admin — the dashboard (`admin.overview`) and the searchable users list. */
/** What both 14-day charts share: a bar per day (labelled every other day), a legend, figures written as steps are. */
const DAY_CHART = {
  categoryLabel: shortDay,
  categoryLongLabel: longDay,
  categoryHeader: 'Día',
  formatValue: formatSteps,
  labelEvery: 2,
  showLegend: true,
} as const;

export const AdminDashboardPage = adminOnly(AdminDashboard);

function AdminDashboard() {
  const overview = useOverviewQuery();
  if (overview.isError && isForbidden(overview.error)) return <ForbiddenPage />;

  return (
    <AdminFrame title="Panel" description="Cómo se está usando Ascenso: personas, actividad, uso del coach con IA y el estado de los servicios.">
      {overview.data ? (
        <OverviewContent overview={overview.data} />
      ) : overview.isError ? (
        <RetryAlert what="No hemos podido cargar el panel." query={overview} />
      ) : (
        <Stack gap="4" aria-busy="true">
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="4">
            <Skeleton h="24" borderRadius="card" />
            <Skeleton h="24" borderRadius="card" />
            <Skeleton h="24" borderRadius="card" />
          </Grid>
          <Skeleton h="72" borderRadius="card" />
          <Text srOnly>Cargando el panel...</Text>
        </Stack>
      )}
      <UsersList />
    </AdminFrame>
  );
}

function OverviewContent({ overview }: { overview: AdminOverview }) {
  const user = useSignedInUser();
  const [now] = useState(() => new Date());
  const today = localDayIn(now, user.timezone);
  const completions = buildCompletionSeries(overview.completionsByDay, today, ACTIVITY_CATALOGUE);
  const usage = buildUsageSeries(overview.aiUsageByDay, today);
  const failures = buildFailureSeries(overview.aiUsageByDay, today);
  const totalCompletions = completions.series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0);
  const totalTokens = usage.series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0);
  const totalRequests = usage.requests.reduce((a, b) => a + b, 0);
  const top = [...completions.series].sort((a, b) => b.values.reduce((x, y) => x + y, 0) - a.values.reduce((x, y) => x + y, 0))[0];

  return (
    <>
      <Box as="section" aria-label="Cifras principales">
        <Grid as="dl" templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="4">
          <Figure label="Personas registradas" value={formatSteps(overview.users)} />
          <Figure label="Activas en los últimos 7 días" value={formatSteps(overview.activeUsers7d)} />
          <Figure label="Han completado la evaluación" value={`${percent.format(overview.assessmentCompletionRate)} %`} />
        </Grid>
      </Box>

      <AdminCard id="admin-salud" title="Estado de los servicios">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3" as="ul" listStyleType="none">
          <Health name="Base de datos" ok={overview.health.database} detail={overview.health.database ? 'Responde correctamente.' : 'No responde.'} />
          <Health
            name="Correo"
            ok={overview.health.mail.ok}
            detail={
              overview.health.mail.transport === 'outbox'
                ? 'Sin SMTP: los correos se guardan en la bandeja de salida de desarrollo.'
                : overview.health.mail.ok
                  ? 'Servidor SMTP conectado.'
                  : `El servidor SMTP no responde${overview.health.mail.detail ? `: ${overview.health.mail.detail}` : '.'}`
            }
            tag={overview.health.mail.transport === 'outbox' ? 'Bandeja de desarrollo' : 'SMTP'}
          />
          <Health
            name="Coach con IA"
            ok={overview.health.ai.ok}
            detail={`${overview.health.ai.provider === 'offline' ? 'Coach sin conexión (sin servidor de IA configurado)' : 'Servidor compatible con OpenAI'} · modelo ${overview.health.ai.model}${
              overview.health.ai.detail ? ` · ${overview.health.ai.detail}` : ''
            }`}
            tag={overview.health.ai.provider === 'offline' ? 'Sin conexión' : 'IA'}
          />
        </Grid>
      </AdminCard>

      <AdminCard
        id="admin-actividades"
        title="Actividades completadas por día"
        description={`Últimos 14 días, por actividad: ${formatSteps(totalCompletions)} en total.`}
      >
        <BarChart
          title="Actividades completadas por día y actividad, últimos 14 días"
          summary={
            totalCompletions === 0
              ? 'Gráfico de barras apiladas: no hay actividades completadas en los últimos 14 días.'
              : `Gráfico de barras apiladas de actividades completadas por día en los últimos 14 días: ${formatSteps(totalCompletions)} en total${
                  top ? `; la más frecuente es ${top.label}` : ''
                }. La tabla tiene cada valor.`
          }
          categories={completions.days}
          series={completions.series}
          {...DAY_CHART}
          height={260}
        />
      </AdminCard>

      <AdminCard
        id="admin-ia"
        title="Uso del coach con IA"
        description={`Tokens por día en los últimos 14 días: ${formatSteps(totalTokens)} tokens en ${formatSteps(totalRequests)} ${totalRequests === 1 ? 'petición' : 'peticiones'}.`}
      >
        <BarChart
          title="Tokens de IA por día, últimos 14 días"
          summary={
            totalTokens === 0
              ? 'Gráfico de barras: no se han usado tokens de IA en los últimos 14 días.'
              : `Gráfico de barras apiladas de tokens de entrada y salida por día: ${formatSteps(totalTokens)} tokens en 14 días.`
          }
          categories={usage.days}
          series={usage.series}
          {...DAY_CHART}
          emptyMax={1000}
        />
        <Box mt="6" data-testid="admin-ia-fallos">
          <Text fontWeight="700" color="heading" mb="1">
            Errores del modelo y planes sin IA
          </Text>
          <Text fontSize="sm" color="text.muted" mb="2">
            {`Últimos 14 días: ${formatSteps(failures.errors)} ${failures.errors === 1 ? 'llamada fallida' : 'llamadas fallidas'} al modelo (error, tiempo agotado, respuesta vacía o cortada): ${formatSteps(failures.replies)} ${failures.replies === 1 ? 'respuesta' : 'respuestas'} del coach y ${formatSteps(failures.fallbacks)} ${failures.fallbacks === 1 ? 'plan preparado' : 'planes preparados'} sin IA.`}
          </Text>
          <BarChart
            title="Errores del modelo y planes preparados sin IA por día, últimos 14 días"
            summary={
              failures.errors + failures.fallbacks === 0
                ? 'Gráfico de barras: ningún error del modelo ni plan preparado sin IA en los últimos 14 días.'
                : `Gráfico de barras apiladas de llamadas fallidas al modelo por día: ${formatSteps(failures.replies)} respuestas del coach y ${formatSteps(failures.fallbacks)} planes preparados sin IA en 14 días. La tabla tiene cada valor.`
            }
            categories={failures.days}
            categoryLabel={shortDay}
            categoryLongLabel={longDay}
            categoryHeader="Día"
            series={failures.series}
            formatValue={formatSteps}
            labelEvery={2}
            emptyMax={5}
            height={180}
            showLegend
          />
        </Box>
      </AdminCard>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box {...CARD_SURFACE} px="5" py="4">
      <Text as="dt" fontSize="sm" fontWeight="600" color="text.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="3xl" fontWeight="800" color="heading" fontVariantNumeric="tabular-nums" lineHeight="1.2" mt="1">
        {value}
      </Text>
    </Box>
  );
}

function Health({ name, ok, detail, tag }: { name: string; ok: boolean; detail: ReactNode; tag?: string }) {
  return (
    <Box as="li" p="4" borderRadius="lg" borderWidth="1px" borderColor={ok ? 'brand.100' : 'red.200'} bg={ok ? 'brand.50' : 'red.50'}>
      <HStack justify="space-between" gap="2" mb="1" flexWrap="wrap">
        <HStack gap="2">
          <Circle size="2.5" bg={ok ? 'brand.600' : 'red.600'} aria-hidden="true" />
          <Text fontWeight="700" color="heading">
            {name}
          </Text>
        </HStack>
        <Badge bg={ok ? 'brand.700' : 'red.700'} color="white" borderRadius="full" px="2">
          {ok ? 'Funciona' : 'Con problemas'}
        </Badge>
      </HStack>
      {tag ? (
        <Text fontSize="xs" fontWeight="700" color="ink.700" textTransform="uppercase" letterSpacing="0.06em">
          {tag}
        </Text>
      ) : null}
      <Text fontSize="sm" color="text" overflowWrap="anywhere">
        {detail}
      </Text>
    </Box>
  );
}
