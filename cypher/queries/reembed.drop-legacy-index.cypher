// The re-embedding slot's index as schema 010's runs built it, without scope and occurredAt
// among its filter properties, once its successor exists (replaceLegacySlotIndexes). Its name is
// not a slot index name, so it has no slot variant.
DROP INDEX memory_embedding_alt_by_agent IF EXISTS
