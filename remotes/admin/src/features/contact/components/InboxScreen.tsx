import { contactApi, errorMessage } from '@kloof/api-client';
import { PageHeader } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';
import { MessageList } from './MessageList';
import { MessagesState } from './MessagesState';

const PAGE_SIZE = 10;
/** What the list holds, as "Load more" says it. */
const NOUN = { one: 'message', many: 'messages' };

/** /admin: the contact-form inbox for administrators, newest first, more on demand. */
export function InboxScreen() {
  const messages = usePagedList((after) => contactApi.list({ after, limit: PAGE_SIZE }), []);
  return (
    <section>
      <PageHeader title="Admin" description="Messages sent through the contact form, newest first." />
      <h2 css={{ fontSize: '1.25rem', margin: '0 0 1rem' }}>Contact-form inbox</h2>
      <MessagesState messages={messages.resource}>
        {(items) => (
          <>
            <MessageList messages={items} />
            <LoadMore shown={items.length} noun={NOUN} more={messages.more} errorText={errorMessage} />
          </>
        )}
      </MessagesState>
    </section>
  );
}
