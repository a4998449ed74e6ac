// Temporal state (issue 23): every memory records the hour of day it happened at, in its agent's
// time zone, for circadian congruence. Memories written before that get the hour of their
// occurredAt in UTC, the zone of every agent until time zones existed (agents get one only
// after this runs). Sessions are not backfilled: no earlier session is the current one. In
// batches: a large store would not fit one transaction's memory.
CYPHER 25 MATCH (m:Memory)
WHERE m.hourOfDay IS NULL AND m.occurredAt IS NOT NULL
CALL (m) {
  WITH m, datetime({epochMillis: m.occurredAt.epochMillis, timezone: 'UTC'}) AS t
  SET m.hourOfDay = t.hour + t.minute / 60.0 + t.second / 3600.0
} IN TRANSACTIONS OF 5000 ROWS;
