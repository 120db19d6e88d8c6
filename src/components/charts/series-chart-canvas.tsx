import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartRow, ChartSeries } from './series-chart';

export interface SeriesChartCanvasProps {
  kind: 'stacked-bar' | 'stacked-area';
  data: readonly ChartRow[];
  xKey: string;
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
  formatX: (value: string) => string;
  formatTick: (value: string) => string;
  height: number;
}

/** Legend text in the theme's text colour: the series colours need not reach 4.5:1 as text. */
const legendText = (value: string) => (
  <span style={{ color: 'var(--mui-palette-text-primary)' }}>{value}</span>
);

/** The recharts part of a series chart; only chart pages load it (docs/architecture.md, Budgets). */
export function SeriesChartCanvas({
  kind,
  data,
  xKey,
  series,
  formatValue,
  formatX,
  formatTick,
  height,
}: SeriesChartCanvasProps) {
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--mui-palette-divider)" />
      <XAxis dataKey={xKey} tickFormatter={formatTick} />
      <YAxis tickFormatter={formatValue} width={96} />
      <Tooltip
        formatter={(value) => formatValue(Number(value))}
        labelFormatter={(label) => formatX(String(label))}
        contentStyle={{
          background: 'var(--mui-palette-background-paper)',
          borderColor: 'var(--mui-palette-divider)',
        }}
      />
      <Legend formatter={legendText} />
    </>
  );
  const rows = data as ChartRow[];
  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === 'stacked-bar' ? (
        <BarChart data={rows}>
          {axes}
          {series.map((item) => (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.label}
              stackId="total"
              fill={item.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      ) : (
        <AreaChart data={rows}>
          {axes}
          {series.map((item) => (
            <Area
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.label}
              stackId="total"
              stroke={item.color}
              fill={item.color}
              fillOpacity={0.35}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      )}
    </ResponsiveContainer>
  );
}
