ALTER TABLE "campaign_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD COLUMN "hash" text;