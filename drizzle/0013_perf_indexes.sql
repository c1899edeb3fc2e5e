DROP INDEX "messages_recipient_sender_created_idx";--> statement-breakpoint
DROP INDEX "messages_sender_recipient_created_idx";--> statement-breakpoint
DROP INDEX "club_volunteer_positions_live_idx";--> statement-breakpoint
DROP INDEX "club_volunteer_positions_open_idx";--> statement-breakpoint
DROP INDEX "club_volunteer_positions_open_club_idx";--> statement-breakpoint
DROP INDEX "club_volunteer_positions_skill_keys_idx";--> statement-breakpoint
DROP INDEX "club_volunteer_positions_search_idx";--> statement-breakpoint
DROP INDEX "club_volunteer_positions_location_trgm_idx";--> statement-breakpoint
DROP INDEX "clubs_directory_name_idx";--> statement-breakpoint
DROP INDEX "clubs_directory_category_name_idx";--> statement-breakpoint
DROP INDEX "clubs_directory_search_idx";--> statement-breakpoint
DROP INDEX "messages_unread_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
CREATE INDEX "messages_recipient_sender_shown_idx" ON "messages" USING btree ("recipient_id","sender_id","created_at","id") WHERE "messages"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "messages_sender_recipient_shown_idx" ON "messages" USING btree ("sender_id","recipient_id","created_at","id") WHERE "messages"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "messages_removed_idx" ON "messages" USING btree ("id") WHERE "messages"."removed_at" is not null;--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_live_idx" ON "club_volunteer_positions" USING btree ("club_id","created_at") WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_open_idx" ON "club_volunteer_positions" USING btree ("created_at","id") WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active' and "club_volunteer_positions"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_open_club_idx" ON "club_volunteer_positions" USING btree ("club_id") WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active' and "club_volunteer_positions"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_skill_keys_idx" ON "club_volunteer_positions" USING gin ("skill_keys") WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active' and "club_volunteer_positions"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_search_idx" ON "club_volunteer_positions" USING gin ("search_vector") WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active' and "club_volunteer_positions"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "club_volunteer_positions_location_trgm_idx" ON "club_volunteer_positions" USING gin (lower("location") gin_trgm_ops) WHERE "club_volunteer_positions"."is_live" and "club_volunteer_positions"."status" = 'active' and "club_volunteer_positions"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "clubs_directory_name_idx" ON "clubs" USING btree (lower("name"),"id") WHERE "clubs"."application_status" = 'approved' and "clubs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "clubs_directory_category_name_idx" ON "clubs" USING btree ("category",lower("name"),"id") WHERE "clubs"."application_status" = 'approved' and "clubs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "clubs_directory_search_idx" ON "clubs" USING gin ("search_vector") WHERE "clubs"."application_status" = 'approved' and "clubs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("recipient_id","sender_id") WHERE not "messages"."read" and "messages"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","message_id") WHERE not "notifications"."read";