import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Rejects operations nested deeper than `maxDepth` or selecting more than `maxFields` fields
 * in total (fragments expanded), a cheap bound on the work one request can ask for.
 *
 * Inside introspection (`__schema`, `__type`), `ofType` does not deepen: it unwraps one
 * list or non-null wrapper, a single object per level, so a chain of them costs what its
 * fields cost. The standard introspection query (GraphiQL's, codegen's) nests it eight deep
 * to reach the named type under `[[T!]!]!`.
 */
export function selectionLimit(maxDepth: number, maxFields: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      let fields = 0;
      const visit = (set: SelectionSetNode, depth: number, seen: ReadonlySet<string>, introspecting: boolean): void => {
        if (depth > maxDepth) throw reject(`query depth exceeds ${maxDepth}`);
        for (const sel of set.selections) {
          if (sel.kind === Kind.FIELD) {
            if (++fields > maxFields) throw reject(`query selects more than ${maxFields} fields`);
            const name = sel.name.value;
            const inside = introspecting || name === '__schema' || name === '__type';
            const unwrapsType = inside && name === 'ofType';
            if (sel.selectionSet) visit(sel.selectionSet, unwrapsType ? depth : depth + 1, seen, inside);
          } else if (sel.kind === Kind.INLINE_FRAGMENT) {
            visit(sel.selectionSet, depth, seen, introspecting);
          } else {
            const name = sel.name.value;
            const fragment = context.getFragment(name);
            if (fragment && !seen.has(name)) visit(fragment.selectionSet, depth, new Set([...seen, name]), introspecting);
          }
        }
      };
      try {
        visit(node.selectionSet, 1, new Set(), false);
      } catch (err) {
        if (err instanceof GraphQLError) context.reportError(err);
        else throw err;
      }
    },
  });
}

function reject(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}
