ALTER TABLE "mail_outbox" ADD COLUMN "collapse_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "collapse_key" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_collapse_idx" ON "mail_outbox" USING btree ("to","collapse_key","created_at") WHERE "mail_outbox"."collapse_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_collapse_idx" ON "notifications" USING btree ("user_id","collapse_key","created_at") WHERE "notifications"."collapse_key" is not null;