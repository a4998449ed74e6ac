import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { dataOf, HttpClient, HttpTransport, operationOf, UnauthenticatedError } from './client';

const KEY_ITEM = 'limbic.apiKey';

/**
 * Sends the client's typed documents to this page's own API with the key kept for the browser
 * session. A refused key tells the listeners (the key prompt); nothing is retried here: what a
 * person clicked either happened or shows its error.
 */
export class PageApi {
  private readonly listeners = new Set<() => void>();
  /** One HTTP client per key, so its consistency tokens carry from call to call (read-your-writes behind replicas). */
  private http: { readonly key: string | null; readonly transport: HttpTransport } | null = null;

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
    private readonly origin: string,
  ) {}

  get key(): string | null {
    return this.storage.getItem(KEY_ITEM);
  }

  setKey(key: string): void {
    this.storage.setItem(KEY_ITEM, key.trim());
  }

  forgetKey(): void {
    this.storage.removeItem(KEY_ITEM);
  }

  /** Called whenever the API answers UNAUTHENTICATED; returns the unsubscribe. */
  onUnauthenticated(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async run<R, V extends Record<string, unknown>>(document: TypedDocumentNode<R, V>, variables: V): Promise<R> {
    const { text, name } = operationOf(document);
    const transport = this.transport();
    try {
      return dataOf<R>(name, await transport.execute({ query: text, variables, operationName: name }));
    } catch (err) {
      if (err instanceof UnauthenticatedError) for (const listener of this.listeners) listener();
      throw err;
    }
  }

  private transport(): HttpTransport {
    const key = this.key;
    if (this.http?.key !== key) this.http = { key, transport: new HttpTransport(new HttpClient({ url: this.origin, apiKey: key ?? undefined })) };
    return this.http.transport;
  }
}
