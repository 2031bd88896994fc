CREATE TABLE "contact_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tokens_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "contact_tokens_purpose_check" CHECK ("contact_tokens"."purpose" in ('confirm', 'link', 'current_check'))
);
--> statement-breakpoint
CREATE TABLE "live_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"latitude" text NOT NULL,
	"longitude" text NOT NULL,
	"accuracy" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_shares" (
	"alert_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
CREATE TABLE "opt_outs" (
	"family" text NOT NULL,
	"address_hash" text NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_family_address_hash_pk" PRIMARY KEY("family","address_hash"),
	CONSTRAINT "opt_outs_family_check" CHECK ("opt_outs"."family" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "responder_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"destination" text,
	"helper_name" text,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "responder_updates_kind_check" CHECK ("responder_updates"."kind" in ('helping', 'taking'))
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"user_id" text,
	"language" text DEFAULT 'en' NOT NULL,
	"client_address" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_channel_check";--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_kind_check";--> statement-breakpoint
DROP INDEX "alert_deliveries_claim_idx";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_requests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "current_check_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "current_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "meta_channel" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "meta_recipient" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "meta_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "current_check_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_tokens" ADD CONSTRAINT "contact_tokens_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_positions" ADD CONSTRAINT "live_positions_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_shares" ADD CONSTRAINT "live_shares_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responder_updates" ADD CONSTRAINT "responder_updates_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tokens_contact_idx" ON "contact_tokens" USING btree ("contact_id","purpose");--> statement-breakpoint
CREATE INDEX "live_positions_alert_idx" ON "live_positions" USING btree ("alert_id","recorded_at");--> statement-breakpoint
CREATE INDEX "live_positions_created_idx" ON "live_positions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "responder_updates_alert_idx" ON "responder_updates" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contacts_consent_idx" ON "contacts" USING btree ("consent","consent_requested_at");--> statement-breakpoint
CREATE INDEX "alert_deliveries_claim_idx" ON "alert_deliveries" USING btree ((case kind when 'alert' then 0 when 'escalation' then 0 when 'all_clear' then 0 when 'roll_call' then 0 when 'handover' then 0 when 'quota_notice' then 1 when 'scan_notice' then 1 when 'invitation' then 1 when 'attendance_notice' then 1 when 'contact_request' then 1 when 'current_check' then 1 when 'mass_notice' then 2 else 1 end),"next_attempt_at") WHERE "alert_deliveries"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_channel_check" CHECK ("alert_deliveries"."channel" in ('email', 'sms', 'whatsapp', 'voice', 'messenger', 'instagram'));--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_kind_check" CHECK ("alert_deliveries"."kind" in ('alert', 'escalation', 'all_clear', 'quota_notice', 'scan_notice', 'invitation', 'attendance_notice', 'roll_call', 'mass_notice', 'contact_request', 'current_check', 'handover'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_consent_check" CHECK ("contacts"."consent" in ('pending', 'confirmed', 'declined'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_meta_channel_check" CHECK ("contacts"."meta_channel" is null or "contacts"."meta_channel" in ('messenger', 'instagram'));