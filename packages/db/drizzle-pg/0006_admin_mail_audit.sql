CREATE TABLE "admin_mail_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_id" text,
	"admin_email" text NOT NULL,
	"user_id" text NOT NULL,
	"template" text NOT NULL,
	"outbox_id" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_mail_audit" ADD CONSTRAINT "admin_mail_audit_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_mail_audit" ADD CONSTRAINT "admin_mail_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_mail_audit_at_idx" ON "admin_mail_audit" USING btree ("at");