import { InvalidArgumentError } from 'commander';
import { collect, parseDate, parseGoal, parseInteger, parseJsonObject, parseNumber } from './parse';

describe('option parsers', () => {
  it('reads numbers and refuses what is not one', () => {
    expect(parseNumber('0.25')).toBe(0.25);
    expect(parseNumber('-1')).toBe(-1);
    for (const bad of ['', ' ', 'abc', 'NaN', 'Infinity', '1e999']) expect(() => parseNumber(bad)).toThrow(InvalidArgumentError);
    expect(parseInteger('10')).toBe(10);
    expect(() => parseInteger('2.5')).toThrow(/not an integer/);
  });

  it('leaves ranges to the API: an importance of 5 is a number, not a usage error', () => {
    expect(parseNumber('5')).toBe(5);
  });

  it('sends dates as ISO instants', () => {
    expect(parseDate('2026-03-01T09:00:00Z')).toBe('2026-03-01T09:00:00.000Z');
    expect(parseDate('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(() => parseDate('yesterday')).toThrow(/not a date/);
  });

  it('takes JSON objects only', () => {
    expect(parseJsonObject('{"source":"chat","turn":12}')).toEqual({ source: 'chat', turn: 12 });
    expect(() => parseJsonObject('{source}')).toThrow(/not JSON/);
    for (const bad of ['[1]', 'null', '3', '"x"']) expect(() => parseJsonObject(bad)).toThrow(/not a JSON object/);
  });

  it('collects repeated options in order', () => {
    expect(collect('b', collect('a', undefined))).toEqual(['a', 'b']);
  });

  it('reads goals as name[:priority], a colon inside the name kept', () => {
    expect(parseGoal('ship:0.9')).toEqual({ name: 'ship', priority: 0.9 });
    expect(parseGoal('learning')).toEqual({ name: 'learning' });
    expect(parseGoal('ship v2: the API')).toEqual({ name: 'ship v2: the API' });
    expect(parseGoal('ratio 1:2:0.3')).toEqual({ name: 'ratio 1:2', priority: 0.3 });
    expect(parseGoal('trailing:')).toEqual({ name: 'trailing:' });
    expect(() => parseGoal(':0.5')).toThrow(/has no name/);
  });
});
