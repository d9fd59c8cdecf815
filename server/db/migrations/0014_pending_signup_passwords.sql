CREATE TABLE "signup_passwords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"browser_token_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signup_passwords" ADD CONSTRAINT "signup_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signup_passwords_user_idx" ON "signup_passwords" USING btree ("user_id");--> statement-breakpoint
-- Hand-written (issue 36): the password of an account still waiting for confirmation moves to
-- signup_passwords, bound to no browser (confirmation from anywhere adopts it, as before, since
-- it is the only one); users.password_hash is set only once the account is confirmed.
INSERT INTO "signup_passwords" ("user_id", "password_hash", "created_at")
  SELECT "id", "password_hash", "created_at" FROM "users"
  WHERE "confirmed_at" IS NULL AND "password_hash" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "password_hash" = NULL WHERE "confirmed_at" IS NULL;
