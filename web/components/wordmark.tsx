// The Forgeboard wordmark: the mark and the name, linking home.
import { Text } from '@mantine/core';
import { Link } from 'react-router';

export function Wordmark({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      aria-label="Forgeboard home"
      style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none', color: 'inherit' }}
    >
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#1c4e80" />
        <path d="M9 7h14v4H13v4h8v4h-8v6H9z" fill="#fff" />
      </svg>
      <Text component="span" fw={800} fz="lg" c="forge.8" style={{ letterSpacing: '-0.02em' }}>
        Forgeboard
      </Text>
    </Link>
  );
}
