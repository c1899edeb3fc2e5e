CREATE TABLE "club_follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'follower' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_follows" ADD CONSTRAINT "club_follows_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_follows" ADD CONSTRAINT "club_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_follows_club_user_key" ON "club_follows" USING btree ("club_id","user_id");--> statement-breakpoint
CREATE INDEX "club_follows_club_created_idx" ON "club_follows" USING btree ("club_id","created_at","id");--> statement-breakpoint
CREATE INDEX "club_follows_user_created_idx" ON "club_follows" USING btree ("user_id","created_at","id");