import { calibrateCosine, cosineFromIndexScore, indexScoreFor, rawCosineFor, REFERENCE_COSINE_SCALE } from './cosine-scale';

describe('cosine scale', () => {
  it('leaves the reference model alone', () => {
    for (const c of [-1, 0, 0.26, 0.9, 1]) expect(calibrateCosine(c, REFERENCE_COSINE_SCALE)).toBe(c);
    expect(cosineFromIndexScore(0.975)).toBeCloseTo(0.95, 12);
    expect(cosineFromIndexScore(0.5)).toBe(0);
  });

  it('stretches the distance from identity: identical texts stay at 1, order is kept', () => {
    expect(calibrateCosine(1, 1.58)).toBe(1);
    // bge-small's unrelated pairs (0.534) land on MiniLM's (0.262).
    expect(calibrateCosine(0.534, 1.58)).toBeCloseTo(0.264, 3);
    const raw = [0.55, 0.6, 0.7, 0.8, 0.95];
    const cal = raw.map((c) => calibrateCosine(c, 1.58));
    expect([...cal].sort((a, b) => a - b)).toEqual(cal);
  });

  it('inverts for bars applied to raw scores inside Neo4j', () => {
    for (const s of [0.8, 1, 1.58]) {
      for (const c of [0.3, 0.6, 0.95]) {
        expect(calibrateCosine(rawCosineFor(c, s), s)).toBeCloseTo(c, 12);
        expect(cosineFromIndexScore(indexScoreFor(c, s), s)).toBeCloseTo(c, 12);
      }
    }
  });
});
