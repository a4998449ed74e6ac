import createAgent from './examples/1-create-agent.graphql';
import createAgentVariables from './examples/1-create-agent.variables.json';
import remember from './examples/2-remember.graphql';
import rememberVariables from './examples/2-remember.variables.json';
import recall from './examples/3-recall-with-explain.graphql';
import recallVariables from './examples/3-recall-with-explain.variables.json';

export interface Example {
  readonly query: string;
  /** As the variables editor shows it. */
  readonly variables: string;
}

/**
 * The tabs the IDE opens with, in this order (apps/api/src/web/graphiql-examples.spec.ts checks
 * every file of examples/ against the committed schema).
 */
export const EXAMPLES: readonly Example[] = [
  { query: createAgent, variables: JSON.stringify(createAgentVariables, null, 2) },
  { query: remember, variables: JSON.stringify(rememberVariables, null, 2) },
  { query: recall, variables: JSON.stringify(recallVariables, null, 2) },
];
