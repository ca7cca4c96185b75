import { useState } from 'react';
import { contactApi, errorMessage } from '@kloof/api-client';
import { EmptyState, PageHeader, ResourceState, useResource } from '@kloof/ui';
import { Pager } from '../../users/components/Pager';
import { MessageList } from './MessageList';

const PAGE_SIZE = 10;

/** /admin: the contact-form inbox for administrators. */
export function InboxScreen() {
  const [page, setPage] = useState(1);
  const messages = useResource(() => contactApi.list({ page, pageSize: PAGE_SIZE }), [page]);
  return (
    <section>
      <PageHeader title="Admin" description="Messages sent through the contact form, newest first." />
      <h2 css={{ fontSize: '1.25rem', margin: '0 0 1rem' }}>Contact-form inbox</h2>
      <ResourceState
        resource={messages}
        loadingLabel="Loading messages"
        errorTitle="The messages could not be loaded"
        errorText={errorMessage}
      >
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title="No messages yet">
              <p>Messages sent from the Contact page appear here.</p>
            </EmptyState>
          ) : (
            <>
              <MessageList messages={result.items} />
              <Pager
                page={result.page}
                pageSize={result.pageSize}
                total={result.total}
                onPage={setPage}
                label="Inbox pages"
              />
            </>
          )
        }
      </ResourceState>
    </section>
  );
}
