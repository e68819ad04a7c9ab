CREATE TABLE "battle_aids" (
	"campaign_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "battle_aids_campaign_id_subject_kind_pk" PRIMARY KEY("campaign_id","subject","kind")
);
--> statement-breakpoint
ALTER TABLE "battle_aids" ADD CONSTRAINT "battle_aids_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;