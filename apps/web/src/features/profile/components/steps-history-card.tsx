import { Skeleton } from '@chakra-ui/react';
import { formatSteps, stepsLabel } from '#lib/steps/format-steps';
import { useStepsHistoryQuery } from '../api/profile-api';
import { longDay, shortDay } from '#lib/chart';
import { historySummary } from '#lib/steps/ledger';
import { BarChart } from '#components/charts/bar-chart';
import { ProfileCard } from './profile-card';
import { RetryAlert } from '#components/ui/retry-alert';

export function StepsHistoryCard() {
  const history = useStepsHistoryQuery();
  const data = history.data;
  const total = data?.reduce((sum, d) => sum + d.steps, 0) ?? 0;

  return (
    <ProfileCard
      id="perfil-historial-grafico"
      title="Pasos de los últimos 30 días"
      description={data ? `${stepsLabel(total)} en 30 días. Cada barra es un día de tu zona horaria.` : 'Cada barra es un día de tu zona horaria.'}
    >
      {data ? (
        <BarChart
          title="Pasos por día, últimos 30 días"
          summary={historySummary(data)}
          categories={data.map((d) => d.day)}
          categoryLabel={(day) => (day === data.at(-1)?.day ? 'Hoy' : shortDay(day))}
          categoryLongLabel={longDay}
          categoryHeader="Día"
          series={[{ key: 'steps', label: 'Pasos', color: '#1d756b', values: data.map((d) => d.steps) }]}
          formatValue={formatSteps}
          emptyMax={1000}
        />
      ) : history.isError ? (
        <RetryAlert what="No hemos podido cargar tu historial." query={history} />
      ) : (
        <Skeleton h="56" borderRadius="lg" aria-busy="true" aria-label="Cargando tu historial" />
      )}
    </ProfileCard>
  );
}
