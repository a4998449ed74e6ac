import { buildSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { selectionLimit } from './selection-limit';

const schema = buildSchema(`
  type Query { node: Node }
  type Node { id: ID! next: Node ofType: Node }
`);

function errors(query: string, maxDepth = 10, maxFields = 5000): string[] {
  return validate(schema, parse(query), [selectionLimit(maxDepth, maxFields)]).map((e) => e.message);
}

/** `{ node { next { next … { id } } } }` with `levels` nested objects. */
function nested(field: string, levels: number): string {
  return `{ node ${`{ ${field} `.repeat(levels - 1)}{ id }${' }'.repeat(levels - 1)} }`;
}

describe('selectionLimit', () => {
  it('refuses an operation deeper than the limit and one selecting too many fields', () => {
    expect(errors(nested('next', 9))).toEqual([]);
    expect(errors(nested('next', 10))).toEqual(['query depth exceeds 10']);
    expect(errors('{ node { id next { id } } }', 10, 3)).toEqual(['query selects more than 3 fields']);
  });

  it('lets the standard introspection query through: its ofType chain does not deepen', () => {
    for (const options of [{}, { inputValueDeprecation: true, schemaDescription: true, specifiedByUrl: true }]) {
      expect(errors(getIntrospectionQuery(options))).toEqual([]);
    }
    const chain = `{ __type(name: "Node") { fields { type ${'{ ofType '.repeat(12)}{ name }${' }'.repeat(12)} } } }`;
    expect(errors(chain)).toEqual([]);
  });

  it('still counts every other introspection level, and an ofType field of the schema itself', () => {
    // fields → type → fields → … multiplies the answer at each level: that nesting stays bounded.
    const cycle = `{ __schema { types { ${'fields { type { '.repeat(5)}name${' } }'.repeat(5)} } } }`;
    expect(errors(cycle)).toEqual(['query depth exceeds 10']);
    expect(errors(nested('ofType', 10))).toEqual(['query depth exceeds 10']);
  });
});
