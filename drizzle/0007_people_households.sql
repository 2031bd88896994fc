-- Issue 15 (decision 128): people apart from accounts, households, photos, the fuller record.
-- Every current profile becomes its account's own person (id = account id), and every contact,
-- tag, alert and delivery keeps pointing at it.
CREATE TABLE "household_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"channel" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_invitations_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "household_members" (
	"household_id" uuid NOT NULL,
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_members_role_check" CHECK ("household_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text NOT NULL,
	"extra_seats" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "households_ownerUserId_unique" UNIQUE("owner_user_id")
);
--> statement-breakpoint
CREATE TABLE "profile_photos" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"content_type" text NOT NULL,
	"small" "bytea" NOT NULL,
	"large" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_kind_check";--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ALTER COLUMN "alert_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "account_id" text;--> statement-breakpoint
UPDATE "alert_deliveries" d SET "account_id" = a."user_id" FROM "alerts" a WHERE a."id" = d."alert_id";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "profile_id" text;--> statement-breakpoint
UPDATE "alerts" SET "profile_id" = "user_id";--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "profile_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "profile_id" text;--> statement-breakpoint
UPDATE "contacts" SET "profile_id" = "user_id";--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "account_id" text;--> statement-breakpoint
UPDATE "profiles" SET "account_id" = "id";--> statement-breakpoint
INSERT INTO "profiles" ("id", "account_id")
  SELECT "user_id", "user_id" FROM "contacts"
  UNION SELECT "user_id", "user_id" FROM "alerts"
  UNION SELECT "user_id", "user_id" FROM "tags" WHERE "user_id" IS NOT NULL
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "conditions" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "implanted_devices" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "organ_donor" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "advance_directive" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "advance_directive_location" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "preferred_hospital" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "medical_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_minor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_version" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "profile_id" text;--> statement-breakpoint
UPDATE "tags" SET "profile_id" = "user_id" WHERE "user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "notify_on_scan" boolean;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "last_scan_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_invited_by_user_id_user_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_accepted_by_user_id_user_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_photos" ADD CONSTRAINT "profile_photos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_invitations_household_idx" ON "household_invitations" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "household_members_household_idx" ON "household_members" USING btree ("household_id");--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_account_idx" ON "alert_deliveries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_profile_created_idx" ON "alerts" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_profile_idx" ON "audit_events" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_household_idx" ON "audit_events" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_profile_priority_idx" ON "contacts" USING btree ("profile_id","priority");--> statement-breakpoint
CREATE INDEX "profiles_account_idx" ON "profiles" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "tags_profile_idx" ON "tags" USING btree ("profile_id");--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_kind_check" CHECK ("alert_deliveries"."kind" in ('alert', 'escalation', 'all_clear', 'quota_notice', 'scan_notice', 'invitation'));--> statement-breakpoint
INSERT INTO "households" ("owner_user_id") SELECT "id" FROM "profiles" WHERE "plan" = 'family' AND "id" = "account_id";--> statement-breakpoint
INSERT INTO "household_members" ("household_id", "user_id", "role") SELECT "id", "owner_user_id", 'owner' FROM "households";
