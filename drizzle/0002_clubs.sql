CREATE TABLE "club_meeting_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_meeting_times_day_check" CHECK ("club_meeting_times"."day_of_week" between 1 and 7),
	CONSTRAINT "club_meeting_times_order_check" CHECK ("club_meeting_times"."end_time" > "club_meeting_times"."start_time"),
	CONSTRAINT "club_meeting_times_format_check" CHECK ("club_meeting_times"."start_time" ~ '^[0-2][0-9]:[03]0$' and "club_meeting_times"."end_time" ~ '^[0-2][0-9]:[03]0$')
);
--> statement-breakpoint
CREATE TABLE "club_volunteer_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"responsibilities" text DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"time_commitment" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"contact_info" text DEFAULT '' NOT NULL,
	"is_live" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"required_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "facebook_url" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "instagram_url" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "twitter_url" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "what3words" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "google_maps_url" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "profile_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
  coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || coalesce(city, '') || ' ' || coalesce(category, ''))) STORED;--> statement-breakpoint
ALTER TABLE "club_meeting_times" ADD CONSTRAINT "club_meeting_times_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD CONSTRAINT "club_volunteer_positions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_meeting_times_club_idx" ON "club_meeting_times" USING btree ("club_id","day_of_week","start_time");--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_club_created_idx" ON "club_volunteer_positions" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_live_idx" ON "club_volunteer_positions" USING btree ("club_id","created_at") WHERE "club_volunteer_positions"."is_live";--> statement-breakpoint
CREATE INDEX "clubs_directory_name_idx" ON "clubs" USING btree (lower("name"),"id") WHERE "clubs"."application_status" = 'approved';--> statement-breakpoint
CREATE INDEX "clubs_directory_category_name_idx" ON "clubs" USING btree ("category",lower("name"),"id") WHERE "clubs"."application_status" = 'approved';--> statement-breakpoint
CREATE INDEX "clubs_directory_search_idx" ON "clubs" USING gin ("search_vector") WHERE "clubs"."application_status" = 'approved';