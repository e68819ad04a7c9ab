CREATE TABLE "campaign_snapshots" (
	"campaign_id" uuid NOT NULL,
	"half_cycles" integer NOT NULL,
	"seq" integer NOT NULL,
	"state" jsonb NOT NULL,
	CONSTRAINT "campaign_snapshots_campaign_id_half_cycles_pk" PRIMARY KEY("campaign_id","half_cycles")
);
--> statement-breakpoint
ALTER TABLE "campaign_snapshots" ADD CONSTRAINT "campaign_snapshots_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;