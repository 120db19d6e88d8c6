import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ChartLoading, loadSeriesChartCanvas, plotHeight } from './deferred-chart';

export type ChartRow = Record<string, string | number>;

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/** Series colours that stay apart on the light and the dark background. */
export const seriesColors = ['#1e88e5', '#f57c00', '#43a047', '#8e24aa', '#00897b', '#e53935'];

// recharts is large; it loads with the first chart shown, never with the app shell.
const SeriesChartCanvas = lazy(async () => ({
  default: (await loadSeriesChartCanvas()).SeriesChartCanvas,
}));

interface SeriesChartProps {
  /** The chart's heading and accessible name. */
  title: string;
  /** What the chart shows, in words, for everyone who cannot see it. */
  description: string;
  kind: 'stacked-bar' | 'stacked-area';
  data: readonly ChartRow[];
  xKey: string;
  xLabel: string;
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
  /** An x value in the table and the tooltip. */
  formatX?: (value: string) => string;
  /**
   * An x value on the chart's axis, where it has less room (the default: `formatX`). A phone's
   * axis fit three ISO days of a week; "Nov 23" lets every other day be named.
   */
  formatTick?: (value: string) => string;
}

/**
 * A stacked chart with a Chart/Table switch: the table holds the same numbers, so the chart has a
 * full text alternative that screen readers and keyboards can browse.
 */
export function SeriesChart({
  title,
  description,
  kind,
  data,
  xKey,
  xLabel,
  series,
  formatValue,
  formatX = (value) => value,
  formatTick = formatX,
}: SeriesChartProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const descriptionId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={`${title}: show as`}
          value={view}
          onChange={(_event, next: 'chart' | 'table' | null) => {
            if (next) setView(next);
          }}
        >
          <ToggleButton value="chart">Chart</ToggleButton>
          <ToggleButton value="table">Table</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Typography id={descriptionId} variant="body2" color="text.secondary">
        {description}
      </Typography>
      {view === 'chart' ? (
        <Box
          role="img"
          aria-label={title}
          aria-describedby={descriptionId}
          sx={{
            '& .recharts-cartesian-axis-tick-value': { fill: 'var(--mui-palette-text-secondary)' },
          }}
        >
          <Suspense fallback={<ChartLoading label="Loading the chart" height={plotHeight} />}>
            <SeriesChartCanvas
              kind={kind}
              data={data}
              xKey={xKey}
              series={series}
              formatValue={formatValue}
              formatX={formatX}
              formatTick={formatTick}
              height={plotHeight}
            />
          </Suspense>
        </Box>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{xLabel}</TableCell>
                {series.map((item) => (
                  <TableCell key={item.key} align="right" sx={{ fontWeight: 600 }}>
                    {item.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => {
                const x = String(row[xKey]);
                return (
                  <TableRow key={x}>
                    <TableCell component="th" scope="row">
                      {formatX(x)}
                    </TableCell>
                    {series.map((item) => (
                      <TableCell key={item.key} align="right">
                        {formatValue(Number(row[item.key] ?? 0))}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
