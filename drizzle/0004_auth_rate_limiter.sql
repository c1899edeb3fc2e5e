-- The old fixed-window counters hold several rows per key (one per window); they are transient, so
-- they are dropped rather than merged before "key" becomes the primary key.
DELETE FROM "rate_limits";--> statement-breakpoint
DROP INDEX "rate_limits_window_idx";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP CONSTRAINT "rate_limits_key_window_start_pk";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD PRIMARY KEY ("key");--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expire" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "count";