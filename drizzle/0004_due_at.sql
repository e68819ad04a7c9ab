-- The ruleset's next due time, written with the state (campaign-repo.ts); the rows stored before hold '' and are
-- looked at by the scheduler's first pass, which writes theirs (src/app/scheduler.ts).
ALTER TABLE "campaigns" ADD COLUMN "due_at" text DEFAULT '';--> statement-breakpoint
CREATE INDEX "campaigns_due_at" ON "campaigns" USING btree ("due_at");
