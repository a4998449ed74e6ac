import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/**
 * `JSONObject`: a JSON object, as a value or as a literal. The scalar only checks that it is an
 * object; its size, depth and contents are checked where it is used (metadata.validator.ts),
 * so that the error names the field and the rule.
 */
export const JSONObject = new GraphQLScalarType<Record<string, unknown>, Record<string, unknown>>({
  name: 'JSONObject',
  description: 'A JSON object, e.g. {"source": "chat", "turn": 12}.',
  serialize(value) {
    if (!isObject(value)) throw new GraphQLError('JSONObject cannot represent a non-object value');
    return value;
  },
  parseValue(value) {
    if (!isObject(value)) throw new GraphQLError('JSONObject must be a JSON object');
    return value;
  },
  parseLiteral(ast, variables) {
    if (ast.kind !== Kind.OBJECT) throw new GraphQLError('JSONObject must be an object literal');
    return literalValue(ast, variables) as Record<string, unknown>;
  },
});

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function literalValue(ast: ValueNode, variables: Readonly<Record<string, unknown>> | null | undefined): unknown {
  switch (ast.kind) {
    case Kind.OBJECT: {
      const out: Record<string, unknown> = {};
      for (const field of ast.fields) out[field.name.value] = literalValue(field.value, variables);
      return out;
    }
    case Kind.LIST:
      return ast.values.map((v) => literalValue(v, variables));
    case Kind.STRING:
    case Kind.ENUM:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.NULL:
      return null;
    case Kind.VARIABLE:
      return variables?.[ast.name.value] ?? null;
  }
}
