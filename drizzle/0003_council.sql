CREATE TABLE "council_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"meeting_date" date NOT NULL,
	"meeting_time" text,
	"location" text,
	"agenda" text DEFAULT '' NOT NULL,
	"minutes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "council_meetings" ADD CONSTRAINT "council_meetings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "council_meetings_date_idx" ON "council_meetings" USING btree ("meeting_date");--> statement-breakpoint
CREATE INDEX "council_meetings_public_date_idx" ON "council_meetings" USING btree ("meeting_date") WHERE "council_meetings"."is_public";