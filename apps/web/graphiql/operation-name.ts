import { Kind, parse } from 'graphql';

/**
 * The operation name to send with `query`. GraphiQL learns the name from the query editor 100 ms
 * after the editor last changed, so a run right after switching tabs carries the previous tab's
 * name, which the API refuses as an unknown operation. A name the document does not define is
 * replaced by the document's only operation; with several (or a syntax error) it is left for the
 * API to judge.
 */
export function operationNameFor(query: string, operationName: string | null | undefined): string | null | undefined {
  let names: (string | undefined)[];
  try {
    names = parse(query)
      .definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
      .map((d) => d.name?.value);
  } catch {
    return operationName;
  }
  if (operationName == null || names.includes(operationName) || names.length !== 1) return operationName;
  return names[0] ?? null;
}
