// Recall records (:RecallEffect) are written pending by the API and completed by the effects
// worker: the sweep finds pending ones by pendingSince (only pending records have it) and
// expires old ones by appliedAt. Records written before this migration were applied when they
// were written; they get appliedAt from their recall's time, so retention covers them too.
CREATE INDEX recall_effect_pending IF NOT EXISTS FOR (e:RecallEffect) ON (e.pendingSince);
CREATE INDEX recall_effect_applied IF NOT EXISTS FOR (e:RecallEffect) ON (e.appliedAt);
MATCH (e:RecallEffect)
WHERE e.appliedAt IS NULL AND e.pendingSince IS NULL
CALL (e) { SET e.appliedAt = e.at } IN TRANSACTIONS OF 10000 ROWS;
