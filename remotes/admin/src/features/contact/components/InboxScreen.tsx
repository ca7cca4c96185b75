import { contactApi } from '@kloof/api-client';
import { PageHeader } from '@kloof/ui';
import { LoadMore } from '../../lists/LoadMore';
import { useCursorList } from '../../lists/use-cursor-list';
import { MessageList } from './MessageList';
import { MessagesState } from './MessagesState';

const PAGE_SIZE = 10;

/** /admin: the contact-form inbox for administrators, newest first, more on demand. */
export function InboxScreen() {
  const messages = useCursorList((after) => contactApi.list({ after, limit: PAGE_SIZE }), []);
  return (
    <section>
      <PageHeader title="Admin" description="Messages sent through the contact form, newest first." />
      <h2 css={{ fontSize: '1.25rem', margin: '0 0 1rem' }}>Contact-form inbox</h2>
      <MessagesState messages={messages.list}>
        {(result) => (
          <>
            <MessageList messages={result.items} />
            <LoadMore of={messages} noun={['message', 'messages']} />
          </>
        )}
      </MessagesState>
    </section>
  );
}
