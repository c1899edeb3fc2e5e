-- Trigram matching for the audit trail's free-text search (ILIKE '%…%' over the target, the details
-- and the administrator's name and email). pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database owner may create it; the embedded PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
