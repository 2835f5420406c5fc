CREATE TABLE `admin_mail_audit` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text,
	`admin_email` text NOT NULL,
	`user_id` text NOT NULL,
	`template` text NOT NULL,
	`outbox_id` text NOT NULL,
	`status` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_mail_audit_at_idx` ON `admin_mail_audit` (`at`);