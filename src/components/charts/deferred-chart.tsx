import { Suspense, useId } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useNearViewport } from './use-near-viewport';

/**
 * The code of a series chart's drawing, recharts with it. A page that loads its chart lazily
 * calls this beside that import, so that both travel at once rather than one after the other.
 */
export const loadSeriesChartCanvas = () => import('./series-chart-canvas');

/** The height of a series chart's drawing. */
export const plotHeight = 320;

/** A height in pixels, or one from each breakpoint up (`{ xs, sm }`), for text that wraps. */
export type ChartHeight = number | Partial<Record<'xs' | 'sm' | 'md', number>>;

/** A chart's place while its code or its numbers load: its height, a spinner and what it waits for. */
export function ChartLoading({ label, height }: { label: string; height: ChartHeight }) {
  const labelId = useId();
  return (
    <Box
      aria-busy="true"
      sx={{
        height,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <CircularProgress size={32} aria-labelledby={labelId} />
      <Typography id={labelId} variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

// About half a phone's screen ahead: the chart's code and numbers arrive before it scrolls in.
const ahead = '400px 0px';

/**
 * A chart's box before it nears the viewport: a faint dashed outline of its size around what will
 * be drawn there, in quiet words. Not a loading state: nothing loads yet (so no `aria-busy`).
 */
function ChartPlaceholder({ caption, height }: { caption: string; height: ChartHeight }) {
  return (
    <Box
      sx={{
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {caption}
      </Typography>
    </Box>
  );
}

/**
 * Holds a chart's place below the content a page shows first: a box of the chart's height (so
 * nothing moves when it comes), outlined and captioned with what comes there, until the box nears
 * the viewport; then `children`, usually a lazy component that brings the chart's code (recharts),
 * in that box, with a loading state while that code comes. Until then nothing loads, so nothing
 * says it does (no `aria-busy`: a page whose chart is a scroll away has finished loading).
 */
export function DeferredChart({
  height,
  caption,
  label,
  children,
}: {
  /** The chart's height when shown: its box keeps it from the start. */
  height: ChartHeight;
  /** What the chart shows (its title), in its box until it nears. */
  caption: string;
  /** Says what is loading ("Loading the cost chart"). */
  label: string;
  children: ReactNode;
}) {
  const { ref, near } = useNearViewport(ahead);
  return (
    <Box ref={ref} sx={{ minHeight: height }}>
      {near ? (
        <Suspense fallback={<ChartLoading label={label} height={height} />}>{children}</Suspense>
      ) : (
        <ChartPlaceholder caption={caption} height={height} />
      )}
    </Box>
  );
}
