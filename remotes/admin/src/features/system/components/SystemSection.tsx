import type { ReactNode } from 'react';
import { errorMessage } from '@kloof/api-client';
import { Card, ResourceState, type Resource } from '@kloof/ui';

interface Props<T> {
  title: string;
  /** What the part shows and where it comes from, under the title. */
  intro?: ReactNode;
  /** On a card (the API's own answers) or on the page (the wide tables). */
  framed: boolean;
  resource: Resource<T>;
  loadingLabel: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}

/** One part of /system: its heading, an optional note, and what it loaded (or why not, with a retry). */
export function SystemSection<T>({ title, intro, framed, resource, loadingLabel, errorTitle, children }: Props<T>) {
  const content = (
    <>
      <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>{title}</h2>
      {intro ? <p css={(theme) => ({ margin: '0 0 0.75rem', color: theme.colors.textMuted })}>{intro}</p> : null}
      <ResourceState resource={resource} loadingLabel={loadingLabel} errorTitle={errorTitle} errorText={errorMessage}>
        {children}
      </ResourceState>
    </>
  );
  return framed ? <Card>{content}</Card> : <div>{content}</div>;
}
