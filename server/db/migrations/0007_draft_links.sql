CREATE TABLE "draft_links" (
	"draft_id_hash" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "draft_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "draft_links_expires_at_idx" ON "draft_links" USING btree ("expires_at");