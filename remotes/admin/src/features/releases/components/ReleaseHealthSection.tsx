import { lazy, Suspense, useMemo, useState } from 'react';
import { errorMessage, releasesApi, type ReleaseHealth } from '@kloof/api-client';
import { formatDateTime, ResourceState, SelectField, Spinner, Table, useResource } from '@kloof/ui';
import { HEALTH_METRICS, healthSeries, lineColour, metricOf, versionLabel, type HealthMetric } from '../health-series';

// uPlot comes with the chart only, never with the rest of the admin pages.
const HealthChart = lazy(() => import('./HealthChart'));

const COLUMNS = ['Window', 'Version', 'Page loads', 'Errors', 'Error rate', 'LCP p75', 'INP p75', 'CLS p75'] as const;

const shown = (value: number | null, unit = '') => (value === null ? '–' : `${value}${unit}`);

/** Per version over the last 24 hours: a chart of one metric, and every window's figures as a table (its text alternative). */
export function ReleaseHealthSection({
  apps,
  initial,
  version,
}: {
  apps: readonly string[];
  /** The app shown first (one with a canary running, whose health is the question). */
  initial: string;
  version: number;
}) {
  const [app, setApp] = useState(initial);
  const [metric, setMetric] = useState<HealthMetric>('errorRate');
  const health = useResource(() => releasesApi.health(app), [app, version]);
  const unit = HEALTH_METRICS.find((m) => m.value === metric)!.unit;
  return (
    <section aria-labelledby="release-health">
      <h2 id="release-health" css={{ fontSize: '1.1rem', marginTop: '1.5rem' }}>
        Health
      </h2>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0 1rem' }}>
        <SelectField
          label="App"
          value={app}
          onChange={(e) => setApp(e.target.value)}
          options={apps.map((name) => ({ value: name, label: name }))}
        />
        <SelectField
          label="Chart"
          value={metric}
          onChange={(e) => setMetric(e.target.value as HealthMetric)}
          options={HEALTH_METRICS.map(({ value, label }) => ({ value, label }))}
        />
      </div>
      <ResourceState resource={health} what="the release health" errorText={errorMessage}>
        {(data) => <HealthView health={data} metric={metric} unit={unit} />}
      </ResourceState>
    </section>
  );
}

function HealthView({ health, metric, unit }: { health: ReleaseHealth; metric: HealthMetric; unit: string }) {
  const series = useMemo(() => healthSeries(health, metric), [health, metric]);
  if (!health.windows.length)
    return (
      <p>
        No page loads of {health.app} were reported since {formatDateTime(health.since)}.
      </p>
    );
  return (
    <>
      <Suspense fallback={<Spinner label="Loading the chart" />}>
        <HealthChart series={series} unit={unit} />
      </Suspense>
      <ul
        aria-label="Chart legend"
        css={{
          listStyle: 'none',
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          gap: '0.25rem 1rem',
          fontSize: '0.85rem',
        }}
      >
        {series.lines.map((line, i) => (
          <li key={line.version} css={{ overflowWrap: 'anywhere' }}>
            <span
              aria-hidden="true"
              css={{
                display: 'inline-block',
                width: '1.5rem',
                height: 3,
                marginRight: '0.4rem',
                verticalAlign: 'middle',
                background: lineColour(i),
              }}
            />
            {line.label}
          </li>
        ))}
        <li>{health.span}-minute windows</li>
      </ul>
      <Table caption={`Health of ${health.app} by window`} columns={COLUMNS}>
        {health.windows.flatMap((w) =>
          w.versions.map((v) => (
            <tr key={`${w.start} ${v.version}`}>
              <td>{formatDateTime(w.start)}</td>
              <td css={{ overflowWrap: 'anywhere' }}>{versionLabel(health, v.version)}</td>
              <td>{v.pageLoads}</td>
              <td>{v.errors}</td>
              <td>{shown(metricOf(v, 'errorRate'), '%')}</td>
              <td>{shown(v.vitals.lcp.p75, ' ms')}</td>
              <td>{shown(v.vitals.inp.p75, ' ms')}</td>
              <td>{shown(v.vitals.cls.p75)}</td>
            </tr>
          )),
        )}
      </Table>
    </>
  );
}
