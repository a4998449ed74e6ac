// End-to-end tests talk to real services over HTTP; a minute is the budget per test.
jest.setTimeout(60_000);
