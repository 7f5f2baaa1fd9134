// One factory of TanStack Query keys per resource, so mutations refresh exactly what they change.
export const queryKeys = {
  session: ['session'] as const,
  labelConfig: ['company', 'label-config'] as const,
  users: ['users'] as const,
  usersPage: (query: object) => ['users', query] as const,
  /** The signed-in person's own passkeys (decision 089). */
  passkeys: ['passkeys'] as const,
  passkeysPage: (query: object) => ['passkeys', query] as const,
  /** Whether the pending two-factor sign-in's account has a passkey. */
  twoFactorPasskey: ['two-factor-passkey'] as const,
  audit: ['audit'] as const,
  subscription: ['subscription'] as const,
  auditPage: (query: object) => ['audit', query] as const,
  items: ['items'] as const,
  itemsPage: (query: object) => ['items', query] as const,
  locations: ['locations'] as const,
  /** A page of locations: the sites, a parent's children (`parentId`) or a search (`q`). */
  locationsPage: (query: object) => ['locations', query] as const,
  /** Everything about stock (list, balances, lots, history, genealogy): a posting refreshes it all. */
  stock: (...parts: unknown[]) => ['stock', ...parts] as const,
  /** Stock checks: the list, one count, and pages of its lines (all under 'stock-checks'). */
  stockChecks: ['stock-checks'] as const,
  stockChecksPage: (query: object) => ['stock-checks', 'list', query] as const,
  stockCheck: (id: string) => ['stock-checks', 'one', id] as const,
  stockCheckLines: (id: string, query: object) => ['stock-checks', 'one', id, 'lines', query] as const,
  /** Borrowing: the lists (any query) and the people one can lend to. */
  borrowings: ['borrowings'] as const,
  borrowingsPage: (query: object) => ['borrowings', query] as const,
  borrowers: (query: object) => ['borrowers', query] as const,
  /** An item's stock by location and lot (GET /api/v1/items/:id/balances), under 'items' so item changes refresh it. */
  borrowBalances: (itemId: string) => ['items', itemId, 'balances'] as const,
  labelFormats: ['label-formats'] as const,
  /** Everything about work orders (lists, one, its floor): an inspection's finish refreshes the floor's checks. */
  workOrders: ['work-orders'] as const,
};
