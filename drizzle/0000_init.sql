CREATE TABLE "campaign_events" (
	"campaign_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" text NOT NULL,
	"as_player" text,
	"event" jsonb NOT NULL,
	"rolls" jsonb NOT NULL,
	CONSTRAINT "campaign_events_campaign_id_seq_pk" PRIMARY KEY("campaign_id","seq")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"version" integer NOT NULL,
	"state" jsonb NOT NULL,
	"secret_seeds" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaigns_channel_id_unique" UNIQUE("channel_id")
);
--> statement-breakpoint
CREATE TABLE "deadlines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"responsible_user_id" text,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reminders_sent" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "processed_interactions" (
	"interaction_id" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid,
	"processed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deadlines_pending_due" ON "deadlines" USING btree ("status","due_at");