ALTER TABLE "monitors" ADD COLUMN "following_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "min_change_percent" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "alert_after_failures" integer;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "goal" text;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "credits_short_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_baselines" ADD COLUMN "failure_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_baselines" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_baselines" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "page_baselines" ADD COLUMN "failing_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_baselines" ADD COLUMN "next_fetch_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_settled_idx" ON "webhook_deliveries" USING btree ("monitor_id","id") WHERE "webhook_deliveries"."status" IN ('delivered', 'failed');