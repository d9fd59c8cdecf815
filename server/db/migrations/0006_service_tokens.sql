CREATE TABLE "service_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_tokens_purpose" CHECK ("service_tokens"."purpose" in ('pdf', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "service_tokens" ADD CONSTRAINT "service_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_tokens_user_idx" ON "service_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_tokens_expires_at_idx" ON "service_tokens" USING btree ("expires_at");