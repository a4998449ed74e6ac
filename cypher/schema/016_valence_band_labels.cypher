// Valence bands as labels (libs/graph valence-band.ts): Neo4j Browser colours nodes by label
// only, so each memory carries one of VeryNegative … VeryPositive beside :Memory, set by every
// write of its valence from then on. This labels the memories written before. $valenceBands is
// VALENCE_BANDS (label and lower bound, ascending), passed by the migration runner, so the bounds
// live in one place. In batches: a large store would not fit one transaction's memory.
CYPHER 25 MATCH (m:Memory)
WHERE m.valence IS NOT NULL
CALL (m) {
  WITH m, [b IN $valenceBands WHERE b.from <= m.valence | b.label] AS reached
  REMOVE m:$([b IN $valenceBands | b.label])
  SET m:$(coalesce(reached[-1], $valenceBands[0].label))
} IN TRANSACTIONS OF 5000 ROWS;
