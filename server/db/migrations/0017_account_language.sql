ALTER TABLE "application_pdfs" DROP CONSTRAINT "application_pdfs_user_id_unique";--> statement-breakpoint
ALTER TABLE "application_pdfs" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
CREATE UNIQUE INDEX "application_pdfs_user_language" ON "application_pdfs" USING btree ("user_id","language");--> statement-breakpoint
ALTER TABLE "application_pdfs" ADD CONSTRAINT "application_pdfs_language" CHECK ("application_pdfs"."language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" in ('en', 'es'));