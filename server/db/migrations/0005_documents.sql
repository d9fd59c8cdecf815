CREATE TABLE "document_answers" (
	"user_id" uuid NOT NULL,
	"answer_key" text NOT NULL,
	"object_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_answers_user_id_answer_key_pk" PRIMARY KEY("user_id","answer_key"),
	CONSTRAINT "document_answers_file_size" CHECK ("document_answers"."file_size" between 1 and 1048576)
);
--> statement-breakpoint
CREATE TABLE "document_conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"answer_key" text NOT NULL,
	"source_key" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'UNPROCESSED' NOT NULL,
	"message" text,
	"pdf_key" text,
	"engine" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_conversions_user_answer" UNIQUE("user_id","answer_key"),
	CONSTRAINT "document_conversions_status" CHECK ("document_conversions"."status" in ('UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_answers" ADD CONSTRAINT "document_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_conversions" ADD CONSTRAINT "document_conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;