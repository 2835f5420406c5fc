CREATE TABLE `calendar_feeds` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_fetched_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `work_start` text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `work_end` text DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `work_days` text DEFAULT '1,2,3,4,5' NOT NULL;