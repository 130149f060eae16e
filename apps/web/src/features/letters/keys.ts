/** Every letters query starts with 'letters', so a `refresh` naming letters refetches the open ones. */
export const letterKeys = {
  all: ['letters'] as const,
  list: ['letters', 'list'] as const,
  detail: (id: string) => ['letters', 'detail', id] as const,
  metadata: (id: string) => ['letters', 'metadata', id] as const,
};
