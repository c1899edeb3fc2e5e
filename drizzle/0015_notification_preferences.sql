CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_id" uuid,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_club_mutes" (
	"user_id" uuid NOT NULL,
	"club_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_club_mutes_user_id_club_id_pk" PRIMARY KEY("user_id","club_id")
);
--> statement-breakpoint
CREATE TABLE "notification_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"group_key" text NOT NULL,
	"group_label" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"action_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_id" uuid
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_channel_pk" PRIMARY KEY("user_id","kind","channel")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_cadence" text DEFAULT 'instant' NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"time_zone" text NOT NULL,
	"digest_hour" smallint DEFAULT 8 NOT NULL,
	"push_previews" boolean DEFAULT false NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "notifications" SET "kind" = CASE
  WHEN "type" = 'message' THEN 'message_received'
  WHEN "title" = 'New volunteer application' THEN 'volunteer_application_received'
  WHEN "title" = 'Application withdrawn' THEN 'volunteer_application_withdrawn'
  WHEN "title" = 'Opportunity removed' THEN 'volunteer_opportunity_removed'
  WHEN "type" = 'application' THEN 'volunteer_application_decided'
  WHEN "title" LIKE 'Club application%' THEN 'club_application_decided'
  WHEN "title" = 'Content removed' THEN 'moderation_notice'
  ELSE 'report_outcome' END;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_club_mutes" ADD CONSTRAINT "notification_club_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_club_mutes" ADD CONSTRAINT "notification_club_mutes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_idx" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_digest_items_waiting_idx" ON "notification_digest_items" USING btree ("user_id","created_at") WHERE "notification_digest_items"."digest_id" is null;--> statement-breakpoint
CREATE INDEX "notification_digest_items_digest_idx" ON "notification_digest_items" USING btree ("digest_id");--> statement-breakpoint
INSERT INTO "notification_preferences" ("user_id", "kind", "channel", "enabled")
  SELECT "id", 'volunteer_application_received', 'email', false FROM "clubs" WHERE NOT "notify_applications_by_email"
  UNION ALL
  SELECT "id", 'volunteer_application_withdrawn', 'email', false FROM "clubs" WHERE NOT "notify_withdrawals_by_email";--> statement-breakpoint
ALTER TABLE "clubs" DROP COLUMN "notify_applications_by_email";--> statement-breakpoint
ALTER TABLE "clubs" DROP COLUMN "notify_withdrawals_by_email";