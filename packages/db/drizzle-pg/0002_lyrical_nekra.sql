CREATE TABLE "share_views" (
	"share_id" text NOT NULL,
	"minute" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "share_views_share_id_minute_pk" PRIMARY KEY("share_id","minute")
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"include" jsonb NOT NULL,
	"journal_entry_ids" jsonb NOT NULL,
	"days" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "share_views" ADD CONSTRAINT "share_views_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_token_hash_uq" ON "shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shares_user_created_idx" ON "shares" USING btree ("user_id","created_at");