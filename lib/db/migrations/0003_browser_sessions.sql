CREATE TABLE "browser_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"kind" text NOT NULL,
	"host_id" text NOT NULL,
	"url" text,
	"engine" text NOT NULL,
	"stealth" boolean NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"close_reason" text,
	"ttl_seconds" integer NOT NULL,
	"activity_ttl_seconds" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "browser_sessions" ADD CONSTRAINT "browser_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "browser_sessions_account_idx" ON "browser_sessions" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "browser_sessions_host_idx" ON "browser_sessions" USING btree ("host_id","status");