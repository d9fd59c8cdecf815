CREATE TABLE "schools" (
	"category" text NOT NULL,
	"ceeb" text NOT NULL,
	"name" text NOT NULL,
	"name_search" text NOT NULL,
	"address_line_1" text,
	"city" text,
	"state" text,
	"zip" text,
	"country" text DEFAULT 'USA' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_category_ceeb_pk" PRIMARY KEY("category","ceeb"),
	CONSTRAINT "schools_category" CHECK ("schools"."category" in ('college_ceeb', 'hs_ceeb'))
);
--> statement-breakpoint
CREATE INDEX "schools_name_search_idx" ON "schools" USING btree ("category","name_search" text_pattern_ops);