ALTER TABLE "auth_challenges" ADD COLUMN "pending_name" text;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "pending_password_hash" text;