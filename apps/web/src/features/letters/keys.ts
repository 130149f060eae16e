/** Every letters query starts with 'letters', so a `refresh` naming letters refetches the open ones. */
export const letterKeys = {
  all: ['letters'] as const,
  list: ['letters', 'list'] as const,
  detail: (id: string) => ['letters', 'detail', id] as const,
  metadata: (id: string) => ['letters', 'metadata', id] as const,
  /** The letter's delivery (channels, states, prices) and its status timeline. */
  delivery: (id: string) => ['letters', 'delivery', id] as const,
  history: (id: string) => ['letters', 'history', id] as const,
  /**
   * The price of a delivery request (the body as JSON). Not under 'letters': every letters refresh of
   * the company would ask it again; a delivery asks it again instead.
   */
  quote: (body: string) => ['delivery-quote', body] as const,
  quotes: ['delivery-quote'] as const,
};
