import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Rejects operations nested deeper than `maxDepth` or selecting more than `maxFields` fields
 * in total (fragments expanded), a cheap bound on the work one request can ask for.
 */
export function selectionLimit(maxDepth: number, maxFields: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      let fields = 0;
      const visit = (set: SelectionSetNode, depth: number, seen: ReadonlySet<string>): void => {
        if (depth > maxDepth) throw reject(`query depth exceeds ${maxDepth}`);
        for (const sel of set.selections) {
          if (sel.kind === Kind.FIELD) {
            if (++fields > maxFields) throw reject(`query selects more than ${maxFields} fields`);
            if (sel.selectionSet) visit(sel.selectionSet, depth + 1, seen);
          } else if (sel.kind === Kind.INLINE_FRAGMENT) {
            visit(sel.selectionSet, depth, seen);
          } else {
            const name = sel.name.value;
            const fragment = context.getFragment(name);
            if (fragment && !seen.has(name)) visit(fragment.selectionSet, depth, new Set([...seen, name]));
          }
        }
      };
      try {
        visit(node.selectionSet, 1, new Set());
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
