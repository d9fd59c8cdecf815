CREATE TABLE "application_pdfs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_key" text NOT NULL,
	"status" text DEFAULT 'UNPROCESSED' NOT NULL,
	"message" text,
	"pdf_key" text,
	"file_name" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_pdfs_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "application_pdfs_status" CHECK ("application_pdfs"."status" in ('UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "application_pdfs" ADD CONSTRAINT "application_pdfs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;