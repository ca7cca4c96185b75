import type { ReactNode } from 'react';
import { contactApi, errorMessage } from '@kloof/api-client';
import { EmptyState, ResourceState, type Resource } from '@kloof/ui';

type MessagePage = Awaited<ReturnType<typeof contactApi.list>>;

/** A page of contact-form messages once loaded: the spinner, the error with a retry, or the empty inbox before. */
export function MessagesState({
  messages,
  children,
}: {
  messages: Resource<MessagePage>;
  children: (page: MessagePage) => ReactNode;
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
