// monaco-graphql's language worker: validation and completion of operations against the schema.
import 'monaco-graphql/esm/graphql.worker.js';
