import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useMeasuredWidth } from '#lib/use-measured-width';
import { labelledIndexes, niceScale, stackSegments, stackTotals, type ChartSeries } from '#lib/chart';

const MARGIN = { top: 12, right: 8, bottom: 28, left: 8 };
const AXIS_TEXT = '#515d72'; // ink.600: 6.4:1 on white
const GRID = '#d5dae2'; // ink.200
/** Inline, so that no inherited or global font size can override the axis text. */
const AXIS_FONT = { fontSize: '12px', fontFamily: 'inherit' } as const;

export interface BarChartProps {
  /** Short name of the chart (the table's caption and the toggle's context). */
  title: string;
  /** What a screen reader hears for the drawing: the gist in one or two sentences. */
  summary: string;
  /** One category per bar (days, oldest first). */
  categories: readonly string[];
  /** Axis label of a category ("31 may"). */
  categoryLabel: (category: string) => string;
  /** Row header of a category in the table ("domingo, 31 de mayo"). */
  categoryLongLabel: (category: string) => string;
  /** Header of the first table column ("Día"). */
  categoryHeader: string;
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
  /** How many bars between axis labels (counted back from the last one). */
  labelEvery?: number;
  height?: number;
  /** Empty-axis maximum. */
  emptyMax?: number;
  /** Shown instead of the legend when there is only one series. */
  showLegend?: boolean;
}

/**
 * Stacked SVG bars with a y grid, a colour legend and a table alternative behind a disclosure button.
 * The drawing is one `role="img"` with a text summary; the table carries every value.
 */
export function BarChart({
  title,
  summary,
  categories,
  categoryLabel,
  categoryLongLabel,
  categoryHeader,
  series,
  formatValue,
  labelEvery = 7,
  height = 220,
  emptyMax = 10,
  showLegend = series.length > 1,
}: BarChartProps) {
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const [measureRef, width] = useMeasuredWidth();

  const totals = stackTotals(series, categories.length);
  const { max, ticks: yTicks } = niceScale(Math.max(0, ...totals), { fallback: emptyMax });
  const labelWidth = Math.max(...yTicks.map((t) => formatValue(t).length)) * 7 + 8;
  const left = MARGIN.left + labelWidth;
  const plotWidth = Math.max(10, width - left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, categories.length);
  const barWidth = Math.min(28, Math.max(2, band * 0.68));
  // Fewer labels when bars are narrow, so that "31 may" never overlaps its neighbours.
  const every = Math.max(labelEvery, Math.ceil(52 / band));
  const labelled = labelledIndexes(categories.length, every);
  const colorOf = new Map(series.map((s) => [s.key, s.color]));
  const nameOf = new Map(series.map((s) => [s.key, s.label]));

  return (
    <Box>
      {showLegend ? (
        <Box as="ul" listStyleType="none" display="flex" flexWrap="wrap" gap="2" columnGap="4" mb="3" aria-label={`Leyenda: ${title}`}>
          {series.map((s) => (
            <HStack as="li" key={s.key} gap="1.5" fontSize="sm" color="text">
              <Box as="span" w="3" h="3" borderRadius="sm" bg={s.color} flexShrink={0} aria-hidden="true" />
              {s.label}
            </HStack>
          ))}
        </Box>
      ) : null}
      <Box ref={measureRef} w="full">
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} style={{ display: 'block', maxWidth: '100%' }}>
          {yTicks.map((tick) => {
            const y = MARGIN.top + plotHeight - (tick / max) * plotHeight;
            return (
              <g key={tick}>
                <line x1={left} x2={left + plotWidth} y1={y} y2={y} stroke={GRID} strokeWidth={1} strokeDasharray={tick === 0 ? undefined : '3 3'} />
                <text x={left - 6} y={y} textAnchor="end" dominantBaseline="middle" fill={AXIS_TEXT} style={AXIS_FONT}>
                  {formatValue(tick)}
                </text>
              </g>
            );
          })}
          {categories.map((category, i) => {
            const x = left + i * band + (band - barWidth) / 2;
            const segments = stackSegments(series, i, max, plotHeight);
            const tooltip = `${categoryLongLabel(category)}: ${
              series.length > 1
                ? segments.map((s) => `${nameOf.get(s.seriesKey) ?? s.seriesKey} ${formatValue(s.value)}`).join(', ') || formatValue(0)
                : formatValue(totals[i] ?? 0)
            }`;
            return (
              <g key={category}>
                <title>{tooltip}</title>
                {/* A transparent full-height band so the tooltip also works over short bars. */}
                <rect x={left + i * band} y={MARGIN.top} width={band} height={plotHeight} fill="transparent" />
                {segments.map((segment) => (
                  <rect
                    key={segment.seriesKey}
                    x={x}
                    y={MARGIN.top + segment.y}
                    width={barWidth}
                    height={segment.height}
                    rx={Math.min(3, barWidth / 4)}
                    fill={colorOf.get(segment.seriesKey)}
                    stroke="#ffffff"
                    strokeWidth={series.length > 1 ? 0.75 : 0}
                  />
                ))}
                {labelled.has(i) ? (
                  <text
                    // The first and last labels align with the plot's edges so they are never cut.
                    x={i === categories.length - 1 ? left + plotWidth : i === 0 ? left : x + barWidth / 2}
                    y={height - 8}
                    textAnchor={i === categories.length - 1 ? 'end' : i === 0 ? 'start' : 'middle'}
                    fill={AXIS_TEXT}
                    style={AXIS_FONT}
                  >
                    {categoryLabel(category)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </Box>
      <Button
        mt="3"
        size="sm"
        variant="ghost"
        colorPalette="brand"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((current) => !current)}
      >
        {showTable ? 'Ocultar la tabla de datos' : 'Ver los datos en una tabla'}
      </Button>
      <Box id={tableId} hidden={!showTable} mt="2">
        {showTable ? (
          <Table.ScrollArea borderWidth="1px" borderColor="border.soft" borderRadius="lg" tabIndex={0} aria-label={`Tabla: ${title}`} maxH="96">
            <Table.Root size="sm" stickyHeader>
              <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="text.muted" fontSize="sm">
                {title}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{categoryHeader}</Table.ColumnHeader>
                  {series.map((s) => (
                    <Table.ColumnHeader key={s.key} scope="col" textAlign="end">
                      {s.label}
                    </Table.ColumnHeader>
                  ))}
                  {series.length > 1 ? (
                    <Table.ColumnHeader scope="col" textAlign="end">
                      Total
                    </Table.ColumnHeader>
                  ) : null}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {categories.map((category, i) => (
                  <Table.Row key={category}>
                    <Table.Cell as="th" scope="row" fontWeight="500" whiteSpace="nowrap">
                      {categoryLongLabel(category)}
                    </Table.Cell>
                    {series.map((s) => (
                      <Table.Cell key={s.key} textAlign="end" fontVariantNumeric="tabular-nums">
                        {formatValue(s.values[i] ?? 0)}
                      </Table.Cell>
                    ))}
                    {series.length > 1 ? (
                      <Table.Cell textAlign="end" fontWeight="600" fontVariantNumeric="tabular-nums">
                        {formatValue(totals[i] ?? 0)}
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        ) : null}
      </Box>
      {series.length === 0 ? (
        <Text mt="2" fontSize="sm" color="text.muted">
          Sin datos en este periodo.
        </Text>
      ) : null}
    </Box>
  );
}
