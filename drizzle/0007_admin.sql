CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_type" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid,
	"target_name" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"admin_id" uuid,
	"admin_name" text NOT NULL,
	"admin_email" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_bulk_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"club_ids" uuid[] NOT NULL,
	"admin_notes" text,
	"status" text DEFAULT 'running' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_bulk_approvals" ADD CONSTRAINT "admin_bulk_approvals_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_actions_type_created_idx" ON "admin_actions" USING btree ("action_type","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_actions_admin_created_idx" ON "admin_actions" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_actions_target_created_idx" ON "admin_actions" USING btree ("target_id","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_bulk_approvals_admin_idx" ON "admin_bulk_approvals" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "clubs_status_created_id_idx" ON "clubs" USING btree ("application_status","created_at","id");--> statement-breakpoint
CREATE INDEX "clubs_created_id_idx" ON "clubs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clubs_status_name_idx" ON "clubs" USING btree ("application_status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "clubs_status_city_idx" ON "clubs" USING btree ("application_status",lower(coalesce("city", '')),"id");--> statement-breakpoint
CREATE INDEX "clubs_verified_name_idx" ON "clubs" USING btree ("verified",lower("name"),"id") WHERE "clubs"."application_status" = 'approved';