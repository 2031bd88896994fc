CREATE TABLE "attendance_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"location_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"directions" text DEFAULT 'both' NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_rules_audience_check" CHECK ("attendance_rules"."audience" in ('guardians', 'staff_list')),
	CONSTRAINT "attendance_rules_directions_check" CHECK ("attendance_rules"."directions" in ('in', 'out', 'both'))
);
--> statement-breakpoint
CREATE TABLE "mass_notice_recipients" (
	"notice_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"person_name" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	CONSTRAINT "mass_notice_recipients_notice_id_profile_id_pk" PRIMARY KEY("notice_id","profile_id"),
	CONSTRAINT "mass_notice_recipients_reply_check" CHECK ("mass_notice_recipients"."reply" is null or "mass_notice_recipients"."reply" in ('safe', 'help'))
);
--> statement-breakpoint
CREATE TABLE "mass_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"location_ids" jsonb NOT NULL,
	"audience" text NOT NULL,
	"message" text NOT NULL,
	"with_reply" boolean DEFAULT false NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mass_notices_audience_check" CHECK ("mass_notices"."audience" in ('members', 'guardians', 'both'))
);
--> statement-breakpoint
CREATE TABLE "org_notify_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_notify_recipients_channel_check" CHECK ("org_notify_recipients"."channel" in ('sms', 'email', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "roll_call_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"roll_call_id" uuid NOT NULL,
	"type" text NOT NULL,
	"profile_id" text,
	"person_name" text,
	"user_id" text,
	"actor_name" text,
	"method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roll_call_people" (
	"roll_call_id" uuid NOT NULL,
	"profile_id" text NOT NULL,
	"person_name" text NOT NULL,
	"group_name" text,
	"status" text DEFAULT 'unaccounted' NOT NULL,
	"marked_at" timestamp with time zone,
	"marked_by" text,
	"marked_by_name" text,
	"method" text,
	"alert_id" uuid,
	CONSTRAINT "roll_call_people_roll_call_id_profile_id_pk" PRIMARY KEY("roll_call_id","profile_id"),
	CONSTRAINT "roll_call_people_status_check" CHECK ("roll_call_people"."status" in ('unaccounted', 'safe')),
	CONSTRAINT "roll_call_people_method_check" CHECK ("roll_call_people"."method" is null or "roll_call_people"."method" in ('scan', 'tap', 'self'))
);
--> statement-breakpoint
CREATE TABLE "roll_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"location_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"drill" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_by" text,
	"started_by_name" text NOT NULL,
	"alert_after_minutes" integer NOT NULL,
	"alert_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"ended_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roll_calls_kind_check" CHECK ("roll_calls"."kind" in ('evacuation', 'lockdown')),
	CONSTRAINT "roll_calls_status_check" CHECK ("roll_calls"."status" in ('open', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_kind_check";--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_source_check";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_index" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "attendance_rules" ADD CONSTRAINT "attendance_rules_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_rules" ADD CONSTRAINT "attendance_rules_location_id_org_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."org_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_notice_recipients" ADD CONSTRAINT "mass_notice_recipients_notice_id_mass_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."mass_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_notice_recipients" ADD CONSTRAINT "mass_notice_recipients_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_notices" ADD CONSTRAINT "mass_notices_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_notices" ADD CONSTRAINT "mass_notices_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_notify_recipients" ADD CONSTRAINT "org_notify_recipients_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_events" ADD CONSTRAINT "roll_call_events_roll_call_id_roll_calls_id_fk" FOREIGN KEY ("roll_call_id") REFERENCES "public"."roll_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_people" ADD CONSTRAINT "roll_call_people_roll_call_id_roll_calls_id_fk" FOREIGN KEY ("roll_call_id") REFERENCES "public"."roll_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_people" ADD CONSTRAINT "roll_call_people_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_people" ADD CONSTRAINT "roll_call_people_marked_by_user_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_call_people" ADD CONSTRAINT "roll_call_people_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_calls" ADD CONSTRAINT "roll_calls_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_calls" ADD CONSTRAINT "roll_calls_location_id_org_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."org_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_calls" ADD CONSTRAINT "roll_calls_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_calls" ADD CONSTRAINT "roll_calls_ended_by_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_rules_location_audience_idx" ON "attendance_rules" USING btree ("location_id","audience");--> statement-breakpoint
CREATE INDEX "attendance_rules_org_idx" ON "attendance_rules" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "mass_notices_org_idx" ON "mass_notices" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "org_notify_recipients_org_idx" ON "org_notify_recipients" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "roll_call_events_call_idx" ON "roll_call_events" USING btree ("roll_call_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "roll_calls_open_location_idx" ON "roll_calls" USING btree ("location_id") WHERE "roll_calls"."status" = 'open';--> statement-breakpoint
CREATE INDEX "roll_calls_org_idx" ON "roll_calls" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "roll_calls_alert_due_idx" ON "roll_calls" USING btree ("status","alert_at");--> statement-breakpoint
CREATE INDEX "attendance_scans_tag_idx" ON "attendance_scans" USING btree ("tag_id","created_at");--> statement-breakpoint
CREATE INDEX "attendance_scans_profile_idx" ON "attendance_scans" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_idx" ON "audit_events" USING btree ("organization_id","chain_index") WHERE "audit_events"."chain_index" is not null;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_kind_check" CHECK ("alert_deliveries"."kind" in ('alert', 'escalation', 'all_clear', 'quota_notice', 'scan_notice', 'invitation', 'attendance_notice', 'roll_call', 'mass_notice'));--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_source_check" CHECK ("alerts"."source" in ('card', 'sos', 'test', 'roll_call'));--> statement-breakpoint
-- An organisation's audit lines form a hash chain (decision 141). The text a line's hash covers:
-- the previous hash, its place in the chain and its own fields, separated by the unit separator.
-- server/domain/audit-chain.ts builds the same text to verify a chain or an export.
CREATE FUNCTION audit_chain_text(prev text, idx bigint, e audit_events) RETURNS text AS $$
  SELECT concat_ws(chr(31),
    prev,
    idx::text,
    e.id::text,
    e.event_type,
    coalesce(e.user_id, ''),
    coalesce(e.profile_id, ''),
    coalesce(e.household_id::text, ''),
    e.organization_id,
    CASE WHEN e.success THEN 'true' ELSE 'false' END,
    coalesce(e.client_address, ''),
    e.metadata::text,
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Each new line of an organisation joins the end of its chain. The advisory lock (per
-- organisation, until the transaction ends) keeps two writers from taking the same place.
CREATE FUNCTION audit_events_chain() RETURNS trigger AS $$
DECLARE
  last_index bigint;
  last_hash text;
BEGIN
  IF NEW.organization_id IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_chain:' || NEW.organization_id, 0));
  SELECT chain_index, hash INTO last_index, last_hash
    FROM audit_events
    WHERE organization_id = NEW.organization_id AND chain_index IS NOT NULL
    ORDER BY chain_index DESC
    LIMIT 1;
  NEW.chain_index := coalesce(last_index, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(audit_chain_text(NEW.prev_hash, NEW.chain_index, NEW), 'UTF8')), 'hex');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql VOLATILE;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain
  BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
-- Lines written before the chain existed join it once, in the order they were written.
ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_or_delete;
--> statement-breakpoint
DO $$
DECLARE
  r audit_events;
  org text := NULL;
  idx bigint := 0;
  prev text := repeat('0', 64);
  h text;
BEGIN
  FOR r IN SELECT * FROM audit_events WHERE organization_id IS NOT NULL ORDER BY organization_id, seq LOOP
    IF org IS DISTINCT FROM r.organization_id THEN
      org := r.organization_id;
      idx := 0;
      prev := repeat('0', 64);
    END IF;
    idx := idx + 1;
    h := encode(sha256(convert_to(audit_chain_text(prev, idx, r), 'UTF8')), 'hex');
    UPDATE audit_events SET chain_index = idx, prev_hash = prev, hash = h WHERE id = r.id;
    prev := h;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_or_delete;
--> statement-breakpoint
-- The dispatcher's claim of the next pending delivery (decision 144): in its order (the delivery
-- priorities of server/alerts/notices.ts, then when due), so that with ten thousand mass notices
-- pending a claim reads one index entry instead of sorting them all. The CASE is the claim's own.
CREATE INDEX "alert_deliveries_claim_idx" ON "alert_deliveries" USING btree ((case kind when 'alert' then 0 when 'escalation' then 0 when 'all_clear' then 0 when 'roll_call' then 0 when 'quota_notice' then 1 when 'scan_notice' then 1 when 'invitation' then 1 when 'attendance_notice' then 1 when 'mass_notice' then 2 else 1 end),"next_attempt_at") WHERE "alert_deliveries"."status" = 'pending';
