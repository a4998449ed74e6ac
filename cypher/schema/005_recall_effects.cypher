// One RecallEffect per recall: the effects worker applies a recall at most once.
CREATE CONSTRAINT recall_effect_id IF NOT EXISTS FOR (e:RecallEffect) REQUIRE (e.tenantId, e.id) IS UNIQUE;
