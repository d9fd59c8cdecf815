CREATE TABLE "add_another_counts" (
	"user_id" uuid NOT NULL,
	"button_id" text NOT NULL,
	"num_components" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_another_counts_user_id_button_id_pk" PRIMARY KEY("user_id","button_id"),
	CONSTRAINT "add_another_num_components" CHECK ("add_another_counts"."num_components" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "tab_choices" (
	"user_id" uuid NOT NULL,
	"tab_id" text NOT NULL,
	"chosen_tab" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tab_choices_user_id_tab_id_pk" PRIMARY KEY("user_id","tab_id")
);
--> statement-breakpoint
ALTER TABLE "add_another_counts" ADD CONSTRAINT "add_another_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_choices" ADD CONSTRAINT "tab_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;