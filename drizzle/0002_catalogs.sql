CREATE TABLE "catalogs" (
	"version" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"unit_count" integer NOT NULL,
	"units_csv" text NOT NULL,
	"refits_csv" text NOT NULL,
	"conversions_csv" text NOT NULL
);
