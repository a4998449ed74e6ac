// Integration and end-to-end tests talk to the real Neo4j and Redis (end-to-end ones over HTTP too): a minute is the budget per test.
jest.setTimeout(60_000);
