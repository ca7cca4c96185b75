import { useState } from 'react';
import { contactApi } from '@kloof/api-client';
import { PageHeader, useResource } from '@kloof/ui';
import { Pager } from '../../users/components/Pager';
import { MessageList } from './MessageList';
import { MessagesState } from './MessagesState';

const PAGE_SIZE = 10;

/** /admin: the contact-form inbox for administrators. */
export function InboxScreen() {
  const [page, setPage] = useState(1);
  const messages = useResource(() => contactApi.list({ page, pageSize: PAGE_SIZE }), [page]);
  return (
    <section>
      <PageHeader title="Admin" description="Messages sent through the contact form, newest first." />
      <h2 css={{ fontSize: '1.25rem', margin: '0 0 1rem' }}>Contact-form inbox</h2>
      <MessagesState messages={messages}>
        {(result) => (
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
        )}
      </MessagesState>
    </section>
  );
}
