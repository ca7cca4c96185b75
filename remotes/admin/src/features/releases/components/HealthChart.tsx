import { useEffect, useRef } from 'react';
import { useTheme } from '@emotion/react';
import uPlot from 'uplot';
import { lineColour, type HealthSeries } from '../health-series';

/**
 * One metric of one app's versions over time, drawn by uPlot (loaded with this chunk only, on
 * the releases page). A picture for sighted users: the table beside it is the text alternative.
 */
export default function HealthChart({ series, unit }: { series: HealthSeries; unit: string }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const axis = { stroke: theme.colors.textMuted, grid: { stroke: theme.colors.border } };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: 220,
        legend: { show: false },
        series: [
          {},
          ...series.lines.map((line, i) => ({
            label: line.label,
            stroke: lineColour(i),
            width: 2,
            points: { show: true },
            spanGaps: false,
          })),
        ],
        axes: [axis, { ...axis, values: (_: uPlot, ticks: number[]) => ticks.map((t) => `${t}${unit}`) }],
      },
      [series.times, ...series.lines.map((line) => line.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 280), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, unit, theme]);
  return <div ref={box} aria-hidden="true" data-testid="health-chart" css={{ width: '100%', overflow: 'hidden' }} />;
}
