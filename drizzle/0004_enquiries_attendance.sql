CREATE TABLE "attendance_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag_id" text NOT NULL,
	"direction" text NOT NULL,
	"reader_user_id" text,
	"person_user_id" text,
	"person_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_scans_direction_check" CHECK ("attendance_scans"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "sales_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"organization" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"industry" text NOT NULL,
	"estimated_users" text NOT NULL,
	"message" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_scans" ADD CONSTRAINT "attendance_scans_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_scans" ADD CONSTRAINT "attendance_scans_reader_user_id_user_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_scans" ADD CONSTRAINT "attendance_scans_person_user_id_user_id_fk" FOREIGN KEY ("person_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_scans_created_idx" ON "attendance_scans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "attendance_scans_reader_idx" ON "attendance_scans" USING btree ("reader_user_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_enquiries_created_idx" ON "sales_enquiries" USING btree ("created_at");