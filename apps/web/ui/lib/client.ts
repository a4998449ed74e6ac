// The one GraphQL client of the page is @limbic/client's: its generated typed documents, its
// HTTP transport and its typed errors, imported from source (esbuild bundles them).
export { HttpClient, HttpTransport } from '../../../../libs/client/src/transport';
export { LimbicError, UnauthenticatedError } from '../../../../libs/client/src/errors';
export { dataOf, operationOf } from '../../../../libs/client/src/operation';
export * as ops from '../../../../libs/client/src/generated/graphql';
