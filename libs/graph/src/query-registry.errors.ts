/**
 * Anything that keeps the query registry from loading: a missing query file or fragment, an
 * include cycle, a file nothing uses. The processes' start-up prints it by name and exits.
 */
export class QueryRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryRegistryError';
  }
}
