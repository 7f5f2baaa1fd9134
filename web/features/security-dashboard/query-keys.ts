// The security dashboard's TanStack Query keys: everything under one root, so ending a session refreshes it all.
export const securityKeys = {
  all: ['security-dashboard'] as const,
  overview: (query: object) => ['security-dashboard', 'overview', query] as const,
  events: (query: object) => ['security-dashboard', 'events', query] as const,
  sessions: ['security-dashboard', 'sessions'] as const,
  sessionsPage: (query: object) => ['security-dashboard', 'sessions', query] as const,
  adminActions: (query: object) => ['security-dashboard', 'admin-actions', query] as const,
};
