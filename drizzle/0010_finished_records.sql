CREATE TABLE "campaign_records" (
	"campaign_id" uuid NOT NULL,
	"list" text NOT NULL,
	"position" integer NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "campaign_records_campaign_id_list_position_pk" PRIMARY KEY("campaign_id","list","position")
);
--> statement-breakpoint
ALTER TABLE "campaign_records" ADD CONSTRAINT "campaign_records_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;