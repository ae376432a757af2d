-- A stored result is a large page's whole answer (megabytes of JSON): lz4 compresses it for TOAST in
-- about half the time pglz takes, the largest cost of storing it. A server built without lz4 (the
-- embedded PGlite among them) keeps pglz: the results are the same, only slower to write.
DO $$
BEGIN
  ALTER TABLE "stored_results" ALTER COLUMN "result" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
