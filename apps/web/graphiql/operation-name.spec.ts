/// <reference types="jest" />
// The page tsconfig loads no test globals; this spec asks for them itself.
import { operationNameFor } from './operation-name';

describe('operationNameFor', () => {
  it('replaces a name the document does not define by its only operation', () => {
    expect(operationNameFor('mutation Remember { encode { id } }', 'CreateAgent')).toBe('Remember');
    expect(operationNameFor('{ agents { items { id } } }', 'CreateAgent')).toBeNull();
  });

  it('keeps a name the document defines, no name, and every name when there are several operations', () => {
    expect(operationNameFor('query A { a } query B { b }', 'B')).toBe('B');
    expect(operationNameFor('query A { a }', undefined)).toBeUndefined();
    expect(operationNameFor('query A { a } query B { b }', 'C')).toBe('C');
  });

  it('leaves a document that does not parse to the API', () => {
    expect(operationNameFor('query A {', 'B')).toBe('B');
  });
});
