ALTER TABLE "campaigns" ADD COLUMN "map" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "fleets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ships" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "bases" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Issue 8: the large parts of each stored state move to their own columns (campaign-repo.ts joins them back).
UPDATE "campaigns" SET
  "map" = nullif("state" -> 'map', 'null'::jsonb),
  "fleets" = coalesce("state" -> 'fleets', '[]'::jsonb),
  "ships" = coalesce("state" -> 'ships', '[]'::jsonb),
  "bases" = coalesce("state" -> 'bases', '[]'::jsonb),
  "state" = "state" - 'map' - 'fleets' - 'ships' - 'bases';
