import { Mail } from 'lucide-react';
import type { ContactMessage } from '@kloof/api-client';
import { formatDateTime, plainList } from '@kloof/ui';

/** Contact-form messages, newest first; the sender's address opens a reply. */
export function MessageList({ messages, compact = false }: { messages: readonly ContactMessage[]; compact?: boolean }) {
  return (
    <ul aria-label="Contact-form messages" css={{ ...plainList, display: 'grid', gap: '0.75rem' }}>
      {messages.map((message) => (
        <li
          key={message.id}
          css={(theme) => ({
            padding: compact ? '0.75rem 0' : '1rem 1.25rem',
            borderRadius: compact ? 0 : '1rem',
            border: compact ? 0 : `1px solid ${theme.colors.border}`,
            borderTop: compact ? `1px solid ${theme.colors.border}` : undefined,
            background: compact ? 'transparent' : theme.colors.surface,
          })}
        >
          <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '0.25rem 1rem' }}>
            <h3 css={{ margin: 0, fontSize: '1rem' }}>
              {message.name}
              {message.company ? (
                <span css={(theme) => ({ fontWeight: 500, color: theme.colors.textMuted })}> · {message.company}</span>
              ) : null}
            </h3>
            <time
              dateTime={message.createdAt}
              css={(theme) => ({ fontSize: '0.8125rem', color: theme.colors.textMuted })}
            >
              {formatDateTime(message.createdAt)}
            </time>
          </div>
          <a
            href={`mailto:${message.email}`}
            css={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: '0.25rem',
              fontSize: '0.875rem',
              overflowWrap: 'anywhere',
            }}
          >
            <Mail aria-hidden="true" size={14} />
            {message.email}
          </a>
          <p
            css={{
              margin: '0.5rem 0 0',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              ...(compact
                ? { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }
                : {}),
            }}
          >
            {message.message}
          </p>
        </li>
      ))}
    </ul>
  );
}
