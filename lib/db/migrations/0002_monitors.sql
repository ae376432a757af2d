CREATE TABLE "monitor_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"monitor_id" text NOT NULL,
	"account_id" text NOT NULL,
	"trigger" text NOT NULL,
	"slot" timestamp with time zone,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"summary" jsonb NOT NULL,
	"credits_reserved" integer DEFAULT 0 NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"hold_id" text,
	"error" text,
	"pages" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"name" text NOT NULL,
	"targets" jsonb NOT NULL,
	"schedule_cron" text NOT NULL,
	"timezone" text NOT NULL,
	"notify_emails" jsonb NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"retention_days" integer NOT NULL,
	"status" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_check_at" timestamp with time zone,
	"estimated_credits_per_month" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_baselines" (
	"key" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"monitor_id" text,
	"url" text NOT NULL,
	"selector" text,
	"content_hash" text,
	"content" text,
	"structure" text,
	"last_status" text,
	"captured_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"check_id" text NOT NULL,
	"monitor_id" text NOT NULL,
	"account_id" text NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"payload" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"error" text,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitor_checks" ADD CONSTRAINT "monitor_checks_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_checks" ADD CONSTRAINT "monitor_checks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_baselines" ADD CONSTRAINT "page_baselines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_baselines" ADD CONSTRAINT "page_baselines_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_check_id_monitor_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."monitor_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_checks_history_idx" ON "monitor_checks" USING btree ("monitor_id","id");--> statement-breakpoint
CREATE INDEX "monitor_checks_started_idx" ON "monitor_checks" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_checks_one_running" ON "monitor_checks" USING btree ("monitor_id") WHERE "monitor_checks"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_checks_one_per_slot" ON "monitor_checks" USING btree ("monitor_id","slot") WHERE "monitor_checks"."slot" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "monitors_account_idx" ON "monitors" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "monitors_due_idx" ON "monitors" USING btree ("next_run_at") WHERE "monitors"."status" = 'active';--> statement-breakpoint
CREATE INDEX "page_baselines_monitor_idx" ON "page_baselines" USING btree ("monitor_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_check_idx" ON "webhook_deliveries" USING btree ("check_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" IN ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_monitor_idx" ON "webhook_deliveries" USING btree ("monitor_id") WHERE "webhook_deliveries"."status" = 'retrying';