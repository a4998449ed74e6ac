import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getVariableValues, Kind, parse, specifiedRules, validate, type OperationDefinitionNode } from 'graphql';
import { selectionLimit } from '../common/selection-limit';

// The operations the GraphQL IDE opens with (apps/web/graphiql/examples): each must still be a
// valid operation of the committed schema, within the API's limits, with variables it accepts.
const schema = buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.gql'), 'utf8'));
const dir = join(__dirname, '..', '..', '..', 'web', 'graphiql', 'examples');
const examples = readdirSync(dir)
  .filter((f) => f.endsWith('.graphql'))
  .sort()
  .map((file) => ({
    file,
    document: readFileSync(join(dir, file), 'utf8'),
    variables: JSON.parse(readFileSync(join(dir, file.replace(/\.graphql$/, '.variables.json')), 'utf8')) as Record<string, unknown>,
  }));

describe('GraphQL IDE examples', () => {
  it('are create an agent, remember and recall with explain, in that order', () => {
    const names = examples.map(({ document }) => operationOf(document).name?.value);
    expect(names).toEqual(['CreateAgent', 'Remember', 'RecallWithExplain']);
  });

  it.each(examples)('$file validates against schema.gql within the selection limit', ({ document }) => {
    const errors = validate(schema, parse(document), [...specifiedRules, selectionLimit(10, 5000)]);
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it.each(examples)('$file has variables its operation accepts', ({ document, variables }) => {
    const result = getVariableValues(schema, operationOf(document).variableDefinitions ?? [], variables);
    expect(result.errors?.map((e) => e.message) ?? []).toEqual([]);
  });

  it('recall asks for the explanation: signals, weights and the activation path', () => {
    const recall = examples.find((e) => e.file.includes('recall'));
    expect(recall?.variables).toMatchObject({ input: { explain: true } });
    expect(recall?.document).toMatch(/weighted\s*\{[\s\S]*activation\s*\{[\s\S]*path/);
  });
});

function operationOf(document: string): OperationDefinitionNode {
  const operations = parse(document).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  expect(operations).toHaveLength(1);
  return operations[0]!;
}
