ALTER TABLE "credit_holds" ADD COLUMN "monitor_id" text;--> statement-breakpoint
ALTER TABLE "usage_log" ADD COLUMN "monitor_id" text;