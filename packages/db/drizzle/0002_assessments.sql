CREATE TABLE `assessment_progress` (
	`user_id` text PRIMARY KEY NOT NULL,
	`current_section` integer NOT NULL,
	`responses` text NOT NULL,
	`completed_sections` text NOT NULL,
	`last_saved_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `assessments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`version` text NOT NULL,
	`responses` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `assessments_user_created_idx` ON `assessments` (`user_id`,`created_at`);