CREATE TABLE "user_settings" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"time_zone" text,
	"dm" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminder_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dm_refused_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_settings_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
