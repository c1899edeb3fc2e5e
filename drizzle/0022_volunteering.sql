CREATE TABLE "check_kinds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_kinds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "certificate_hours" (
	"certificate_id" uuid NOT NULL,
	"hours_id" uuid NOT NULL,
	CONSTRAINT "certificate_hours_certificate_id_hours_id_pk" PRIMARY KEY("certificate_id","hours_id")
);
--> statement-breakpoint
CREATE TABLE "position_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position_id" uuid NOT NULL,
	"club_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"places" integer NOT NULL,
	"series_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "position_shifts_order_check" CHECK ("position_shifts"."ends_at" > "position_shifts"."starts_at"),
	CONSTRAINT "position_shifts_places_check" CHECK ("position_shifts"."places" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "shift_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"club_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"queued_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"attendance" text,
	"attendance_at" timestamp with time zone,
	"attendance_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position_id" uuid NOT NULL,
	"from_signup_id" uuid NOT NULL,
	"to_signup_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "volunteer_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"club_id" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"facts" jsonb NOT NULL,
	"total_minutes" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"pdf" "bytea",
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_certificates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "volunteer_check_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check_id" uuid,
	"volunteer_id" uuid,
	"club_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_check_verifications" (
	"check_id" uuid NOT NULL,
	"club_id" uuid NOT NULL,
	"verified_by" uuid,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_check_verifications_check_id_club_id_pk" PRIMARY KEY("check_id","club_id")
);
--> statement-breakpoint
CREATE TABLE "volunteer_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"kind_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_checks_dates_check" CHECK ("volunteer_checks"."expires_on" > "volunteer_checks"."issued_on")
);
--> statement-breakpoint
CREATE TABLE "volunteer_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"club_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"shift_signup_id" uuid,
	"source" text NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_hours_minutes_check" CHECK ("volunteer_hours"."minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "volunteer_hours_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hours_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "volunteer_applications_open_key";--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD COLUMN "places" integer;--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD COLUMN "waitlist_policy" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD COLUMN "offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD COLUMN "auto_filled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD COLUMN "required_check_kind_id" uuid;--> statement-breakpoint
ALTER TABLE "volunteer_applications" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volunteer_applications" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate_hours" ADD CONSTRAINT "certificate_hours_certificate_id_volunteer_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."volunteer_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_hours" ADD CONSTRAINT "certificate_hours_hours_id_volunteer_hours_id_fk" FOREIGN KEY ("hours_id") REFERENCES "public"."volunteer_hours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_shifts" ADD CONSTRAINT "position_shifts_position_id_club_volunteer_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."club_volunteer_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_shifts" ADD CONSTRAINT "position_shifts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_signups" ADD CONSTRAINT "shift_signups_shift_id_position_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."position_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_signups" ADD CONSTRAINT "shift_signups_application_id_volunteer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."volunteer_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_signups" ADD CONSTRAINT "shift_signups_position_id_club_volunteer_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."club_volunteer_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_signups" ADD CONSTRAINT "shift_signups_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_signups" ADD CONSTRAINT "shift_signups_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_signups" ADD CONSTRAINT "shift_signups_attendance_by_users_id_fk" FOREIGN KEY ("attendance_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_position_id_club_volunteer_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."club_volunteer_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_from_signup_id_shift_signups_id_fk" FOREIGN KEY ("from_signup_id") REFERENCES "public"."shift_signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_to_signup_id_shift_signups_id_fk" FOREIGN KEY ("to_signup_id") REFERENCES "public"."shift_signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_certificates" ADD CONSTRAINT "volunteer_certificates_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_certificates" ADD CONSTRAINT "volunteer_certificates_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_check_events" ADD CONSTRAINT "volunteer_check_events_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_check_events" ADD CONSTRAINT "volunteer_check_events_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_check_events" ADD CONSTRAINT "volunteer_check_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_check_verifications" ADD CONSTRAINT "volunteer_check_verifications_check_id_volunteer_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."volunteer_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_check_verifications" ADD CONSTRAINT "volunteer_check_verifications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_check_verifications" ADD CONSTRAINT "volunteer_check_verifications_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_checks" ADD CONSTRAINT "volunteer_checks_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_checks" ADD CONSTRAINT "volunteer_checks_kind_id_check_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."check_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_position_id_club_volunteer_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."club_volunteer_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_application_id_volunteer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."volunteer_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_shift_signup_id_shift_signups_id_fk" FOREIGN KEY ("shift_signup_id") REFERENCES "public"."shift_signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours_events" ADD CONSTRAINT "volunteer_hours_events_hours_id_volunteer_hours_id_fk" FOREIGN KEY ("hours_id") REFERENCES "public"."volunteer_hours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours_events" ADD CONSTRAINT "volunteer_hours_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_hours_hours_idx" ON "certificate_hours" USING btree ("hours_id");--> statement-breakpoint
CREATE INDEX "position_shifts_position_starts_idx" ON "position_shifts" USING btree ("position_id","starts_at");--> statement-breakpoint
CREATE INDEX "position_shifts_club_starts_idx" ON "position_shifts" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_signups_shift_volunteer_key" ON "shift_signups" USING btree ("shift_id","volunteer_id");--> statement-breakpoint
CREATE INDEX "shift_signups_shift_status_idx" ON "shift_signups" USING btree ("shift_id","status","queued_at");--> statement-breakpoint
CREATE INDEX "shift_signups_application_idx" ON "shift_signups" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "shift_signups_volunteer_idx" ON "shift_signups" USING btree ("volunteer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_swaps_open_key" ON "shift_swaps" USING btree ("from_signup_id","to_signup_id") WHERE "shift_swaps"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "shift_swaps_to_idx" ON "shift_swaps" USING btree ("to_signup_id","status");--> statement-breakpoint
CREATE INDEX "volunteer_certificates_volunteer_idx" ON "volunteer_certificates" USING btree ("volunteer_id","issued_at");--> statement-breakpoint
CREATE INDEX "volunteer_check_events_volunteer_idx" ON "volunteer_check_events" USING btree ("volunteer_id","created_at");--> statement-breakpoint
CREATE INDEX "volunteer_check_events_check_idx" ON "volunteer_check_events" USING btree ("check_id","created_at");--> statement-breakpoint
CREATE INDEX "volunteer_check_verifications_club_idx" ON "volunteer_check_verifications" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_checks_volunteer_kind_key" ON "volunteer_checks" USING btree ("volunteer_id","kind_id");--> statement-breakpoint
CREATE INDEX "volunteer_checks_expires_idx" ON "volunteer_checks" USING btree ("expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_hours_shift_signup_key" ON "volunteer_hours" USING btree ("shift_signup_id");--> statement-breakpoint
CREATE INDEX "volunteer_hours_volunteer_idx" ON "volunteer_hours" USING btree ("volunteer_id","status","work_date");--> statement-breakpoint
CREATE INDEX "volunteer_hours_club_idx" ON "volunteer_hours" USING btree ("club_id","status","work_date");--> statement-breakpoint
CREATE INDEX "volunteer_hours_approved_month_idx" ON "volunteer_hours" USING btree ("work_date") WHERE "volunteer_hours"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "volunteer_hours_events_hours_idx" ON "volunteer_hours_events" USING btree ("hours_id","created_at");--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD CONSTRAINT "club_volunteer_positions_required_check_kind_id_check_kinds_id_fk" FOREIGN KEY ("required_check_kind_id") REFERENCES "public"."check_kinds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "volunteer_applications_line_idx" ON "volunteer_applications" USING btree ("position_id","queued_at") WHERE "volunteer_applications"."status" in ('waitlisted', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_applications_open_key" ON "volunteer_applications" USING btree ("position_id","volunteer_id") WHERE "volunteer_applications"."status" in ('pending', 'accepted', 'waitlisted', 'offered');--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD CONSTRAINT "club_volunteer_positions_places_check" CHECK ("club_volunteer_positions"."places" is null or "club_volunteer_positions"."places" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "club_volunteer_positions" ADD CONSTRAINT "club_volunteer_positions_offer_hours_check" CHECK ("club_volunteer_positions"."offer_hours" between 1 and 168);