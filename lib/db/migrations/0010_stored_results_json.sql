-- A stored result is read back whole, never queried inside: json keeps it as written (keys in their
-- order, as the inline answer had them) and skips jsonb's conversion on insert. Changing the type
-- resets the column's compression, so lz4 is asked for again where the server has it (see 0009).
ALTER TABLE "stored_results" ALTER COLUMN "result" SET DATA TYPE json USING "result"::json;--> statement-breakpoint
DO $$
BEGIN
  ALTER TABLE "stored_results" ALTER COLUMN "result" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
