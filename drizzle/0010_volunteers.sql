CREATE TABLE "volunteer_application_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position_id" uuid NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"club_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"skill_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"availability" text[] DEFAULT '{}'::text[] NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"profile_image_url" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
  coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(location, '') || ' ' || coalesce(bio, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD COLUMN "skill_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
  coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(location, '') || ' ' || coalesce(time_commitment, ''))) STORED;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "notify_applications_by_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "notify_withdrawals_by_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_application_events" ADD CONSTRAINT "volunteer_application_events_application_id_volunteer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."volunteer_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_application_events" ADD CONSTRAINT "volunteer_application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_applications" ADD CONSTRAINT "volunteer_applications_position_id_club_volunteer_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."club_volunteer_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_applications" ADD CONSTRAINT "volunteer_applications_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_applications" ADD CONSTRAINT "volunteer_applications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD CONSTRAINT "volunteer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "volunteer_application_events_application_idx" ON "volunteer_application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_applications_open_key" ON "volunteer_applications" USING btree ("position_id","volunteer_id") WHERE "volunteer_applications"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_applications_idempotency_key" ON "volunteer_applications" USING btree ("volunteer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "volunteer_applications_volunteer_applied_idx" ON "volunteer_applications" USING btree ("volunteer_id","applied_at","id");--> statement-breakpoint
CREATE INDEX "volunteer_applications_volunteer_status_idx" ON "volunteer_applications" USING btree ("volunteer_id","status","applied_at","id");--> statement-breakpoint
CREATE INDEX "volunteer_applications_position_idx" ON "volunteer_applications" USING btree ("position_id","status","applied_at","id");--> statement-breakpoint
CREATE INDEX "volunteer_applications_club_idx" ON "volunteer_applications" USING btree ("club_id","status","applied_at");--> statement-breakpoint
CREATE INDEX "volunteer_profiles_created_idx" ON "volunteer_profiles" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "volunteer_profiles_skill_keys_idx" ON "volunteer_profiles" USING gin ("skill_keys");--> statement-breakpoint
CREATE INDEX "volunteer_profiles_search_idx" ON "volunteer_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "volunteer_profiles_location_trgm_idx" ON "volunteer_profiles" USING gin (lower("location") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_open_idx" ON "club_volunteer_positions" USING btree ("created_at","id") WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_skill_keys_idx" ON "club_volunteer_positions" USING gin ("skill_keys") WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_search_idx" ON "club_volunteer_positions" USING gin ("search_vector") WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_location_trgm_idx" ON "club_volunteer_positions" USING gin (lower("location") gin_trgm_ops) WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active';