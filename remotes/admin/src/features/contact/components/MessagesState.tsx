import type { ReactNode } from 'react';
import { errorMessage } from '@kloof/api-client';
import { EmptyState, ResourceState, type Resource } from '@kloof/ui';

/**
 * Contact-form messages once loaded (a page, or the pages loaded so far): the spinner, the error
 * with a retry, or the empty inbox before.
 */
export function MessagesState<T>({
  messages,
  children,
}: {
  messages: Resource<T>;
  children: (loaded: T) => ReactNode;
}) {
  return (
    <ResourceState
      resource={messages}
      what="the messages"
      errorText={errorMessage}
      empty={
        <EmptyState title="No messages yet">
          <p>Messages sent from the Contact page appear here.</p>
        </EmptyState>
      }
    >
      {children}
    </ResourceState>
  );
}
