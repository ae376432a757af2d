CREATE TABLE "monitor_email_recipients" (
	"monitor_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "monitor_email_recipients_monitor_id_email_pk" PRIMARY KEY("monitor_id","email")
);
--> statement-breakpoint
ALTER TABLE "monitor_email_recipients" ADD CONSTRAINT "monitor_email_recipients_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;