import { Box, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useElementWidth } from '../hooks/use-element-width';
import { energyChartLabel, scoreWords, type EnergyBar } from '../utils/energy-chart';

const COLORS = {
  strongDrain: '#a9501a', // sun.700
  drain: '#f4a05a', // sun.400
  boost: '#43ad9d', // brand.400
  strongBoost: '#1b5e58', // brand.700
  neutral: '#66748b', // ink.500
  axis: '#b1bac8', // ink.300
  grid: '#eceef2', // ink.100
  text: '#1f2633', // ink.900
  muted: '#515d72', // ink.600
};

function barColor(bar: EnergyBar): string {
  if (bar.direction === 'drain') return bar.score === 1 ? COLORS.strongDrain : COLORS.drain;
  return bar.score === 5 ? COLORS.strongBoost : COLORS.boost;
}

/**
 * Diverging horizontal bar chart of section 6: bars grow left for what drains (1–2) and right for
 * what energises (4–5) from the neutral midpoint (3). Drawn at the container's real width; the
 * labels sit beside the bars on wide screens and above them on narrow ones. Screen readers get the
 * SVG's aria-label and a visually hidden table with every value.
 */
export function EnergyChart({ bars }: { bars: readonly EnergyBar[] }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(560);
  const wide = width >= 460;
  const labelColumn = wide ? 170 : 0;
  const padX = 30;
  const axisTop = 26;
  const rowHeight = wide ? 40 : 54;
  const barHeight = 18;
  const plotLeft = labelColumn + padX;
  const plotRight = width - padX;
  const center = (plotLeft + plotRight) / 2;
  const unit = (plotRight - plotLeft) / 4; // two steps each way
  const height = axisTop + bars.length * rowHeight + 8;

  return (
    <Box>
      <Box ref={ref} w="full" minW="0">
        <svg
          role="img"
          aria-label={energyChartLabel(bars)}
          width="100%"
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          style={{ display: 'block', maxWidth: '100%' }}
          fontFamily="inherit"
        >
          {/* Scale: 1 … 5 with the neutral midpoint. */}
          {[1, 2, 3, 4, 5].map((score) => {
            const x = center + (score - 3) * unit;
            return (
              <g key={score}>
                <line x1={x} x2={x} y1={axisTop - 4} y2={height - 6} stroke={score === 3 ? COLORS.axis : COLORS.grid} strokeWidth={score === 3 ? 1.5 : 1} />
                <text x={x} y={axisTop - 10} textAnchor="middle" fontSize="12" fill={COLORS.muted}>
                  {score}
                </text>
              </g>
            );
          })}
          {bars.map((bar, index) => {
            const rowTop = axisTop + index * rowHeight;
            const barY = wide ? rowTop + (rowHeight - barHeight) / 2 : rowTop + 26;
            const labelY = wide ? rowTop + rowHeight / 2 + 5 : rowTop + 17;
            return (
              <g key={bar.factor}>
                <text x={wide ? 0 : plotLeft} y={labelY} fontSize="14" fontWeight="600" fill={COLORS.text}>
                  {bar.label}
                </text>
                <BarMark bar={bar} y={barY} height={barHeight} center={center} unit={unit} />
              </g>
            );
          })}
        </svg>
      </Box>
      <HStack gap="5" mt="3" flexWrap="wrap" fontSize="sm" color="text.muted" aria-hidden="true">
        <LegendSwatch color={COLORS.strongDrain}>Te agota</LegendSwatch>
        <LegendSwatch color={COLORS.neutral} round>
          Neutral
        </LegendSwatch>
        <LegendSwatch color={COLORS.strongBoost}>Te da energía</LegendSwatch>
      </HStack>
      <EnergyTable bars={bars} />
    </Box>
  );
}

function BarMark({ bar, y, height, center, unit }: { bar: EnergyBar; y: number; height: number; center: number; unit: number }) {
  const mid = y + height / 2;
  if (bar.direction === 'unrated') {
    return (
      <text x={center + 8} y={mid + 5} fontSize="13" fontStyle="italic" fill={COLORS.muted}>
        sin puntuar
      </text>
    );
  }
  if (bar.direction === 'neutral') {
    return (
      <g>
        <circle cx={center} cy={mid} r={6} fill={COLORS.neutral} />
        <text x={center + 12} y={mid + 5} fontSize="13" fill={COLORS.muted}>
          3
        </text>
      </g>
    );
  }
  const length = bar.magnitude * unit;
  const x = bar.direction === 'drain' ? center - length : center;
  const valueX = bar.direction === 'drain' ? x - 8 : center + length + 8;
  return (
    <g>
      <rect x={x} y={y} width={length} height={height} rx={5} fill={barColor(bar)} />
      <text x={valueX} y={mid + 5} fontSize="13" fontWeight="700" fill={COLORS.text} textAnchor={bar.direction === 'drain' ? 'end' : 'start'}>
        {bar.score}
      </text>
    </g>
  );
}

function LegendSwatch({ color, round = false, children }: { color: string; round?: boolean; children: string }) {
  return (
    <HStack gap="2">
      <Box boxSize="3" borderRadius={round ? 'full' : 'sm'} style={{ background: color }} />
      <Text as="span">{children}</Text>
    </HStack>
  );
}

function EnergyTable({ bars }: { bars: readonly EnergyBar[] }) {
  return (
    // A table cannot shrink below its content: the visually hidden wrapper clips it instead.
    <VisuallyHidden>
      <table>
        <caption>Tu energía por factor (1 te agota, 5 te da energía)</caption>
        <thead>
          <tr>
            <th scope="col">Factor</th>
            <th scope="col">Puntuación</th>
            <th scope="col">Lectura</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.factor}>
              <th scope="row">{bar.label}</th>
              <td>{bar.score === 0 ? '—' : bar.score}</td>
              <td>{scoreWords(bar.score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
