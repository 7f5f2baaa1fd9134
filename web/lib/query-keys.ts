// One factory of TanStack Query keys per resource, so mutations refresh exactly what they change.
export const queryKeys = {
  session: ['session'] as const,
  labelConfig: ['company', 'label-config'] as const,
  users: ['users'] as const,
  usersPage: (query: object) => ['users', query] as const,
  audit: ['audit'] as const,
  subscription: ['subscription'] as const,
  auditPage: (query: object) => ['audit', query] as const,
  items: ['items'] as const,
  itemsPage: (query: object) => ['items', query] as const,
  locations: ['locations'] as const,
  /** A page of locations: the sites, a parent's children (`parentId`) or a search (`q`). */
  locationsPage: (query: object) => ['locations', query] as const,
};
