/** First focusable element: jumps keyboard users past the header to the page content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      css={(theme) => ({
        position: 'absolute',
        left: '0.75rem',
        top: '0.75rem',
        zIndex: 50,
        padding: '0.625rem 1rem',
        borderRadius: '0.5rem',
        background: theme.colors.primary,
        color: theme.colors.primaryText,
        fontWeight: 600,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      })}
    >
      Skip to content
    </a>
  );
}
