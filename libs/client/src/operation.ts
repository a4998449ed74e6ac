import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type OperationDefinitionNode } from 'graphql';
import { errorFromCode, errorFromGraphql } from './errors';
import type { GraphqlResponse } from './transport';

/** What a generated document is on the wire: its text, its name, and whether it only reads. */
export interface OperationInfo {
  readonly text: string;
  readonly name: string;
  readonly isQuery: boolean;
}

const operations = new WeakMap<object, OperationInfo>();

/** Printed once per document: the generated documents are module constants. */
export function operationOf(document: TypedDocumentNode<unknown, never>): OperationInfo {
  let info = operations.get(document);
  if (!info) {
    const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    info = { text: print(document), name: op?.name?.value ?? 'anonymous', isQuery: op?.operation === 'query' };
    operations.set(document, info);
  }
  return info;
}

/**
 * A response's data as the document's result type, or its first error as the typed LimbicError.
 * Shared by LimbicClient and the web page (apps/web/ui), which sends documents without retrying.
 */
export function dataOf<R>(name: string, response: GraphqlResponse): R {
  const first = response.errors?.[0];
  if (first) throw errorFromGraphql(first);
  if (response.data === undefined || response.data === null) throw errorFromCode('INTERNAL_SERVER_ERROR', `${name}: the response carried no data`);
  return response.data as R;
}
