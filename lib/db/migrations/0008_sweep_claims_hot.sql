DROP INDEX "monitors_due_idx";--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "jitter_seconds" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "monitors" SET "due_at" = "next_run_at", "jitter_seconds" = (('x' || left(encode(sha256(convert_to("id", 'UTF8')), 'hex'), 8))::bit(32)::bigint % 60)::smallint;--> statement-breakpoint
CREATE INDEX "monitors_due_idx" ON "monitors" USING btree ("due_at") WHERE "monitors"."status" = 'active';--> statement-breakpoint
ALTER TABLE "monitors" SET (fillfactor = 50);
