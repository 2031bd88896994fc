CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"contact_id" uuid,
	"contact_name" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"kind" text DEFAULT 'alert' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"note" text,
	"provider" text,
	"provider_message_id" text,
	"acknowledged_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_channel_check" CHECK ("alert_deliveries"."channel" in ('email', 'sms', 'whatsapp', 'voice')),
	CONSTRAINT "alert_deliveries_kind_check" CHECK ("alert_deliveries"."kind" in ('alert', 'escalation', 'all_clear', 'quota_notice')),
	CONSTRAINT "alert_deliveries_status_check" CHECK ("alert_deliveries"."status" in ('pending', 'sending', 'sent', 'delivered', 'failed', 'skipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" text NOT NULL,
	"tag_id" text,
	"source" text NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"latitude" text,
	"longitude" text,
	"language" text DEFAULT 'en' NOT NULL,
	"client_address" text,
	"escalate_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "alerts_source_check" CHECK ("alerts"."source" in ('card', 'sos', 'test')),
	CONSTRAINT "alerts_status_check" CHECK ("alerts"."status" in ('active', 'cancelled', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "dev_outbox" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "alert_deliveries_alert_idx" ON "alert_deliveries" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "alerts_user_created_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_escalation_idx" ON "alerts" USING btree ("status","escalate_at");--> statement-breakpoint
ALTER TABLE "dev_outbox" ADD CONSTRAINT "dev_outbox_idempotencyKey_unique" UNIQUE("idempotency_key");